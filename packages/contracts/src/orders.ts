import { z } from 'zod';
import { PreOrderPlanIds } from './pre-order-plans.ts';

/*
 * Orders on the wire (docs/api-conventions.md#wire-shapes order and order item; misspellings kept,
 * `orderNumer`). Money is dollars with 2 decimals, always computed on the server.
 */

const ImagePathSchema = z.object({ originalPath: z.string() });

/** One line of an order: a sample of the box, or the plan of a pre-order. */
export const OrderItemSchema = z.object({
  id: z.string(),
  /** The catalog product; null for a pre-order's plan line. */
  productId: z.number().int().nullable(),
  productTitle: z.string(),
  title: z.string(),
  description: z.string(),
  /** Dollars; samples of a box are part of the box price and carry 0; a tub line is its member total. */
  price: z.number(),
  /** Tubs of a shop order; 1 for a sample or a plan. */
  quantity: z.number().int(),
  /** A tub line's total at list price (the struck-through price); null for samples and plans. */
  undiscountedPrice: z.number().nullable(),
  image: ImagePathSchema,
  sampleImage: ImagePathSchema,
  brandName: z.string(),
  flavorSubCategoryText: z.string(),
  /** One of the 2 picks the store made from the quiz (docs/product.md#matching). */
  isPrimePick: z.boolean(),
});
export type OrderItem = z.infer<typeof OrderItemSchema>;

/** Where the order ships: the checkout's fields, and the order page's one-line street and country. */
export const OrderShippingAddressSchema = z.object({
  street1: z.string().nullable(),
  street2: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  postalCode: z.string().nullable(),
  /** street1 and street2 on one line. */
  street: z.string().nullable(),
  countryText: z.string(),
});

/** Who the order is for: the names and address typed at checkout, and the account's email. */
export const OrderIdentitySchema = z.object({
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  emailAddress: z.string(),
  displayName: z.string(),
  shippingAddress: OrderShippingAddressSchema.nullable(),
});

/** What an order is for. */
export const OrderKinds = ['first_box', 'pre_order', 'cart', 'cycle_box', 'replacement', 'tub_plan'] as const;
export type OrderKind = (typeof OrderKinds)[number];

/** An order (GET /order/GetItem, GET /checkout/GetCheckoutOrder). */
export const OrderSchema = z.object({
  id: z.string(),
  kind: z.enum(OrderKinds),
  /** The pre-order's plan; null for a box. */
  plan: z.enum(PreOrderPlanIds).nullable(),
  /** `draft`, `awaiting_payment` (a payment was tried), `paid`, then fulfilment states. */
  status: z.string(),
  /** The status for people ("Processing" once paid). */
  statusName: z.string(),
  /** Whether the order can still be paid. */
  isPayable: z.boolean(),
  /** The stored order number (spelled so in the spec); people see `displayOrderNumber` of it. */
  orderNumer: z.string(),
  /** Kept for older clients: `displayOrderNumber` without its "#". */
  orderNumberLast4: z.string(),
  /** ISO timestamps. */
  dateCreated: z.string(),
  lastModified: z.string(),
  datePaid: z.string().nullable(),
  /** The plan or pre-order price in dollars. */
  price: z.number(),
  /** Price of the items plus the plan: what tax is computed on, before handling. */
  subTotal: z.number(),
  handlingFee: z.number(),
  taxAmount: z.number(),
  /** Store credit applied, in dollars. */
  storeCredit: z.number(),
  /** A shop order's coupon discount, in dollars (0 otherwise). */
  discount: z.number(),
  /** The carrier's tracking number once the operator shipped a shop order; null before. */
  trackingNumber: z.string().nullable(),
  /** ISO time the shop order shipped; null before. */
  dateShipped: z.string().nullable(),
  /** What is charged: price + handling fee + tax - store credit. */
  total: z.number(),
  /** The delivery schedule chosen at payment (0, 1, 2 = 30, 45, 60 days); null before. */
  deliverySchedule: z.number().int().nullable(),
  /** The card that paid, or null. */
  last4Digits: z.string().nullable(),
  items: z.array(OrderItemSchema),
  identity: OrderIdentitySchema,
});
export type Order = z.infer<typeof OrderSchema>;

/** GET /order/GetItem query. */
export const OrderIdQuerySchema = z.object({ id: z.string().trim().min(1).max(64) });

/**
 * POST /order/Save body: an order as the client holds it. Only the id and the samples are read
 * (the member's 2 chosen samples beside the prime picks); prices, totals, tax, fees and the
 * identity are the server's and are ignored (docs/reliability.md#b3). Addresses go through
 * POST /Identity/UpdateTaxInfo, which recomputes the tax.
 */
export const SaveOrderSchema = z.object({
  id: z.string().trim().min(1).max(64),
  items: z
    .array(
      z.object({
        /** 0 or absent for a newly chosen sample. */
        id: z
          .union([z.string().max(64), z.number()])
          .nullable()
          .optional(),
        productId: z.number().int().min(1).max(2_147_483_647),
      }),
    )
    .max(8)
    .optional(),
});
export type SaveOrder = z.infer<typeof SaveOrderSchema>;

/** POST /order/ConfirmNewOrder body: a new pre-order of a tub plan; an unpaid one of the same plan is reused. */
export const ConfirmNewOrderSchema = z.object({
  /** `flex` or `max`. */
  plan: z.enum(PreOrderPlanIds, { error: 'Please choose the Flex or the Max plan.' }),
});
export type ConfirmNewOrder = z.infer<typeof ConfirmNewOrderSchema>;

/** One line of GET /order/GetMyOrders: the member's order history (profile, docs/product.md#member-area). */
export const OrderSummarySchema = z.object({
  id: z.string(),
  /** `first_box`, `pre_order`, or a later cycle's box. */
  kind: z.string(),
  status: z.string(),
  statusName: z.string(),
  orderNumer: z.string(),
  dateCreated: z.string(),
  datePaid: z.string().nullable(),
  /** Dollars. */
  total: z.number(),
});
export type OrderSummary = z.infer<typeof OrderSummarySchema>;
