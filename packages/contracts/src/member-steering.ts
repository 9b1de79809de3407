import { z } from 'zod';
import { AdminDashboardQuerySchema } from './admin/fulfilment.ts';
import { CANCEL_REASONS, CancelSubscriptionQuerySchema } from './subscriptions.ts';

/*
 * The member steers their own subscription (docs/product.md#steering-your-membership): swap a
 * prime pick, move or hurry the next box, add a tub to it, and one offer per cancel reason.
 */

const uuidMessage = 'Please send a valid id.';

/** POST /order/SwapPrimePick: one prime pick of the box replaced by another product. */
export const SwapPrimePickBodySchema = z.object({
  orderId: z.string({ message: 'Please say which order.' }).trim().min(1, uuidMessage).max(64, uuidMessage),
  orderItemId: z
    .string({ message: 'Please say which prime pick to swap.' })
    .trim()
    .min(1, uuidMessage)
    .max(64, uuidMessage),
  productId: z.coerce
    .number({ message: 'Please choose a product.' })
    .int('Please choose a product.')
    .positive('Please choose a product.')
    // Product ids are PostgreSQL integers: a larger number names no product (400, not a database error).
    .max(2_147_483_647, 'Please choose a product.'),
});
export type SwapPrimePickBody = z.infer<typeof SwapPrimePickBodySchema>;

/** Days ahead the next box can be moved to (docs/product.md#moving-the-next-box). */
export const RESCHEDULE_MAX_DAYS = 90;

const dateMessage = `Please choose a date from tomorrow to ${RESCHEDULE_MAX_DAYS} days out (YYYY-MM-DD).`;

/** POST /user/RescheduleNextBox?date=YYYY-MM-DD: the day of the next charge and box. */
export const RescheduleNextBoxQuerySchema = z.object({
  date: z
    .string({ message: dateMessage })
    .regex(/^\d{4}-\d{2}-\d{2}$/, dateMessage)
    .refine(
      (d) =>
        !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d),
      dateMessage,
    ),
});
export type RescheduleNextBoxQuery = z.infer<typeof RescheduleNextBoxQuerySchema>;
export const RESCHEDULE_DATE_MESSAGE = dateMessage;

/** Most tubs of one product added to the next box. */
export const NEXT_BOX_MAX_QUANTITY = 5;
const quantityMessage = `Please choose 1 to ${NEXT_BOX_MAX_QUANTITY} tubs.`;

/** POST /order/AddToNextBox: a full-size tub charged with the next renewal. */
export const AddToNextBoxBodySchema = z.object({
  productId: z.coerce
    .number({ message: 'Please choose a product.' })
    .int('Please choose a product.')
    .positive('Please choose a product.')
    // Product ids are PostgreSQL integers: a larger number names no product (400, not a database error).
    .max(2_147_483_647, 'Please choose a product.'),
  quantity: z.coerce
    .number({ message: quantityMessage })
    .int(quantityMessage)
    .min(1, quantityMessage)
    .max(NEXT_BOX_MAX_QUANTITY, quantityMessage)
    .default(1),
});
export type AddToNextBoxBody = z.infer<typeof AddToNextBoxBodySchema>;

/** POST /order/RemoveFromNextBox. */
export const RemoveFromNextBoxBodySchema = z.object({
  itemId: z.string({ message: 'Please say which tub to remove.' }).trim().min(1).max(64),
});

export const NextBoxExtraSchema = z.object({
  id: z.string(),
  productId: z.number().int(),
  /** The product's name with its flavor. */
  productName: z.string(),
  quantity: z.number().int(),
  /** One tub's member price in dollars. */
  memberPrice: z.number(),
});
export type NextBoxExtra = z.infer<typeof NextBoxExtraSchema>;

/** GET /order/NextBoxExtras: the tubs waiting for the next renewal. */
export const NextBoxExtrasSchema = z.object({
  /** The next date that charges (ISO), null without an active membership. */
  billingDate: z.string().nullable(),
  items: z.array(NextBoxExtraSchema),
});
export type NextBoxExtras = z.infer<typeof NextBoxExtrasSchema>;

/** What each cancel reason is offered (docs/product.md#cancel-offers), by reason id. */
export const CancelOfferKinds = [
  'new_brands',
  'half_price_box',
  'replacement_box',
  'pause_two_boxes',
] as const;
export type CancelOfferKind = (typeof CancelOfferKinds)[number];

/** GET /user/CancelOffer?cancelReason=N and POST /user/AcceptCancelOffer?cancelReason=N. */
export const CancelOfferQuerySchema = CancelSubscriptionQuerySchema;

export const CancelOfferSchema = z.object({
  kind: z.enum(CancelOfferKinds),
  title: z.string(),
  description: z.string(),
});
export type CancelOffer = z.infer<typeof CancelOfferSchema>;

/** The back office's cancel-offer counts (GET /admin/cancel-offers?from=&to=). */
export const AdminCancelOffersQuerySchema = AdminDashboardQuerySchema;

export const AdminCancelOffersSchema = z.object({
  from: z.string(),
  to: z.string(),
  reasons: z.array(
    z.object({
      reason: z.number().int(),
      name: z.string(),
      kind: z.enum(CancelOfferKinds),
      /** First CancelOffer per membership and reason in the period. */
      offered: z.number().int(),
      /** Offers accepted in the period. */
      saved: z.number().int(),
      /** Members who canceled with this reason in the period. */
      canceled: z.number().int(),
    }),
  ),
});
export type AdminCancelOffers = z.infer<typeof AdminCancelOffersSchema>;

export const CANCEL_REASON_COUNT = CANCEL_REASONS.length;
