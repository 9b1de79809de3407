import { z } from 'zod';
import { DeliveryScheduleSchema } from './checkout.ts';
import { TUB_PLAN_MAX_PAUSE, TubPlanIds } from './tub-plan-terms.ts';

/*
 * The Flex and Max tub plans (docs/product.md#tub-plans): start one, change its tubs, skip, pause,
 * resume and cancel it; the operator launches the plans once.
 */

const idMessage = 'Please say which tub plan.';
const PlanRefSchema = z.string({ message: idMessage }).trim().min(1, idMessage).max(64, idMessage);
const productMessage = 'Please choose a tub.';

export const TubPlanItemInputSchema = z.object({
  productId: z.coerce
    .number({ message: productMessage })
    .int(productMessage)
    .positive(productMessage)
    // Product ids are PostgreSQL integers: a larger number names no product (400, not a database error).
    .max(2_147_483_647, productMessage),
  quantity: z.coerce
    .number({ message: 'Please choose how many of this tub.' })
    .int('Please choose how many of this tub.')
    .min(1, 'Please choose at least one of this tub.')
    .max(4, 'A delivery holds at most 4 paid tubs.'),
});
export type TubPlanItemInput = z.infer<typeof TubPlanItemInputSchema>;

const ItemsSchema = z
  .array(TubPlanItemInputSchema, { message: 'Please choose the tubs of each delivery.' })
  .min(1, 'Please choose the tubs of each delivery.')
  .max(4, 'A delivery holds at most 4 paid tubs.');

const FreeProductSchema = TubPlanItemInputSchema.shape.productId.optional();

/** POST /tubPlan/Start */
export const StartTubPlanBodySchema = z.object({
  plan: z.enum(TubPlanIds, { error: 'Please choose the Flex or the Max plan.' }),
  items: ItemsSchema,
  deliverySchedule: DeliveryScheduleSchema,
  /** Our saved card's id or the provider's; the default card when absent. */
  paymentMethodId: z.string().trim().min(1).max(255).optional(),
  /** A paid pre-order of the same plan: it pays the first delivery and no card is charged. */
  preOrderId: z.string().trim().min(1).max(64).optional(),
  /** Max: the free fifth tub; one more of the first line's product when absent. */
  freeProductId: FreeProductSchema,
});
export type StartTubPlanBody = z.infer<typeof StartTubPlanBodySchema>;

/** POST /tubPlan/ChangeItems */
export const ChangeTubPlanItemsBodySchema = z.object({
  id: PlanRefSchema,
  items: ItemsSchema,
  freeProductId: FreeProductSchema,
});
export type ChangeTubPlanItemsBody = z.infer<typeof ChangeTubPlanItemsBodySchema>;

/** POST /tubPlan/Skip, /Resume, /Cancel */
export const TubPlanIdBodySchema = z.object({ id: PlanRefSchema });

/** POST /tubPlan/Pause */
export const PauseTubPlanBodySchema = z.object({
  id: PlanRefSchema,
  deliveries: z.coerce
    .number({ message: `Please choose 1 to ${TUB_PLAN_MAX_PAUSE} deliveries.` })
    .int(`Please choose 1 to ${TUB_PLAN_MAX_PAUSE} deliveries.`)
    .min(1, `Please choose 1 to ${TUB_PLAN_MAX_PAUSE} deliveries.`)
    .max(TUB_PLAN_MAX_PAUSE, `Please choose 1 to ${TUB_PLAN_MAX_PAUSE} deliveries.`),
});

export const TubPlanStatuses = ['active', 'past_due', 'paused', 'canceled'] as const;

/** One tub plan (GET /tubPlan/Mine, and the answer of every /tubPlan call that changes one). */
export const TubPlanSchema = z.object({
  id: z.string(),
  plan: z.enum(TubPlanIds),
  /** `active`, `past_due` (a renewal charge failed), `paused` (deliveries skipped), `canceled`. */
  status: z.enum(TubPlanStatuses),
  /** The paid tubs of each delivery, each named with its flavor. */
  items: z.array(z.object({ productId: z.number().int(), quantity: z.number().int(), name: z.string() })),
  /** Max: the free fifth tub of each delivery; null for Flex. */
  freeItem: z.object({ productId: z.number().int(), name: z.string() }).nullable(),
  /** 0, 1, 2 = every 30, 45, 60 days. */
  deliverySchedule: z.number().int(),
  /** ISO time of the next charging delivery; null once canceled. */
  nextBillingDate: z.string().nullable(),
  /** Deliveries still to be skipped (a skip or a pause). */
  skippedDeliveries: z.number().int(),
  /** What the next delivery costs before tax, in dollars (free shipping, no handling fee). */
  nextDeliveryPrice: z.number(),
});
export type TubPlan = z.infer<typeof TubPlanSchema>;

/** A tub a caller may put in their plan. */
export const TubPlanProductSchema = z.object({
  productId: z.number().int(),
  name: z.string(),
  brandName: z.string(),
  /** One tub's list price in dollars. */
  listPrice: z.number(),
  /** One tub at the Flex and the Max discount, in dollars. */
  flexPrice: z.number(),
  maxPrice: z.number(),
  image: z.string().nullable(),
  inStock: z.boolean(),
});

/** GET /tubPlan/Options: whether the plans are launched, the tubs the caller may choose, their open pre-orders. */
export const TubPlanOptionsSchema = z.object({
  launched: z.boolean(),
  launchedAt: z.string().nullable(),
  products: z.array(TubPlanProductSchema),
  /** Paid pre-orders not yet claimed (each pays the first delivery of its plan). */
  preOrders: z.array(
    z.object({ id: z.string(), plan: z.enum(TubPlanIds), orderNumber: z.string(), paid: z.number() }),
  ),
});
export type TubPlanOptions = z.infer<typeof TubPlanOptionsSchema>;

/** GET /tubPlan/Status: public, whether the learn-more page starts plans or takes pre-orders. */
export const TubPlanStatusSchema = z.object({ launched: z.boolean(), launchedAt: z.string().nullable() });
export type TubPlanStatus = z.infer<typeof TubPlanStatusSchema>;

/** POST /admin/tub-plans/launch */
export const TubPlanLaunchResultSchema = z.object({
  launchedAt: z.string(),
  /** False when the plans were already launched (the call changes nothing then). */
  launchedNow: z.boolean(),
  /** Paid pre-order holders mailed by this call. */
  mailed: z.number().int(),
});
export type TubPlanLaunchResult = z.infer<typeof TubPlanLaunchResultSchema>;
