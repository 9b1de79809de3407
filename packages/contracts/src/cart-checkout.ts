import { z } from 'zod';

/*
 * The shop's cart checkout (docs/product.md#shop-and-cart, docs/product.md#calls CreateCheckoutPayment).
 * Every amount is computed on the server from its catalog, the cart's coupon and the state's tax;
 * amounts are dollars with 2 decimals on the wire (integer cents inside the server).
 */

/** The shop's handling fee as the page shows it: fixed text (docs/product.md#shop-and-cart), the configured fee is charged. */
export const CART_HANDLING_FEE_TEXT = '$2.99';

/** What the page and the snackbar say. */
export const CartCheckoutMessages = {
  orderPlaced: 'Order placed!',
  emptyCart: 'Your cart is empty.',
  thankYou: 'Thank you!',
  confirmationSent: 'A confirmation has been sent to your email!',
  confirm: 'Confirm order',
  confirming: 'Confirming...',
} as const;

const CartIdSchema = z.string().trim().min(1).max(64);
/** A provider id (`pm_...`): letters, digits and underscores only. */
const PaymentMethodIdSchema = z
  .string()
  .trim()
  .min(3)
  .max(255)
  .regex(/^[A-Za-z0-9_]+$/, 'This is not a payment id.');

/** POST /Payment/CreateCheckoutPayment query (docs/product.md#calls); the body is CheckoutIdentitySchema. */
export const CreateCheckoutPaymentQuerySchema = z.object({
  cartId: CartIdSchema,
  /** The saved card's provider id, or a new card as the card field made it (`pm_card_visa` in the sandbox). */
  paymentMethodId: PaymentMethodIdSchema,
});
export type CreateCheckoutPaymentQuery = z.infer<typeof CreateCheckoutPaymentQuerySchema>;

/** POST /Payment/CreateCheckoutPayment answer: the order the cart became. */
export const CheckoutPaymentResultSchema = z.object({
  orderId: z.string(),
  /** The order number (spelled as the spec spells it). */
  orderNumer: z.string(),
  /** `succeeded` (the order is paid), or `requires_action` when the bank asks the customer to authenticate. */
  status: z.string(),
  clientSecret: z.string().nullable(),
  paymentIntentId: z.string().nullable(),
  /** The amount charged, in dollars. */
  total: z.number(),
});
export type CheckoutPaymentResult = z.infer<typeof CheckoutPaymentResultSchema>;

/** GET /cart/CheckoutQuote query: the cart and, once known, the shipping state for the tax. */
export const CartCheckoutQuoteQuerySchema = z.object({
  cartId: CartIdSchema,
  state: z.string().trim().max(50).optional(),
});

export const CartQuoteLineSchema = z.object({
  productId: z.number().int(),
  quantity: z.number().int(),
  /** Member price of one tub. */
  unitPrice: z.number(),
  /** List price of one tub (struck through). */
  undiscountedUnitPrice: z.number(),
  totalPrice: z.number(),
  undiscountedTotalPrice: z.number(),
});

/** GET /cart/CheckoutQuote answer: what Confirm order would charge now. */
export const CartCheckoutQuoteSchema = z.object({
  cartId: z.string(),
  lines: z.array(CartQuoteLineSchema),
  /** Σ member prices, before the coupon. */
  subTotal: z.number(),
  undiscountedSubTotal: z.number(),
  /** The coupon's discount (0 without one). */
  discount: z.number(),
  couponCode: z.string().nullable(),
  handlingFee: z.number(),
  /** Null until a valid state is known. */
  taxAmount: z.number().nullable(),
  /** subtotal − discount + handling + tax. */
  total: z.number(),
  /** The two-letter state the tax is for, or null. */
  state: z.string().nullable(),
});
export type CartCheckoutQuote = z.infer<typeof CartCheckoutQuoteSchema>;
