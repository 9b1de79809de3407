import { z } from 'zod';

/* The members' cart and coupons (docs/product.md#shop-and-cart cart side panel, §3 cart, §4 cart, §5, §7 cart;
   docs/product.md#states-and-flows, docs/product.md#demo-data-and-sandbox, docs/reliability.md#b3, docs/reliability.md#e7, docs/reliability.md#f2). Money on the wire in dollars
   with 2 decimals, computed on the server from integer cents. */

export const CART_QUANTITY_MIN = 1;
export const CART_QUANTITY_MAX = 99;
export const COUPON_CODE_MAX = 32;

export const CartMessages = {
  quantity: `Choose a quantity from ${CART_QUANTITY_MIN} to ${CART_QUANTITY_MAX}.`,
  couponCode: 'Enter a coupon code.',
  couponTooLong: `A coupon code has at most ${COUPON_CODE_MAX} characters.`,
  stale: 'Your cart was changed in another tab or window. Please reload it and try again.',
  notEditable: 'This cart has already gone to checkout; it can no longer be changed.',
  locked: 'This product unlocks once it has been in one of your boxes.',
  archived: 'This product is no longer available.',
  outOfStock: 'This product is out of stock.',
  version: 'Send the cart version you last read.',
} as const;

/** An id as the spec sends it: a string id, or "0"/0/empty for none. */
const optionalCartId = z
  .union([z.string().trim().max(64), z.number().int()])
  .optional()
  .transform((v) => (v === undefined || v === 0 || v === '' || v === '0' ? undefined : String(v)));

const ownedId = z.string().trim().min(1).max(64);

const version = z.coerce
  .number({ error: CartMessages.version })
  .int(CartMessages.version)
  .min(1, CartMessages.version)
  .max(2_147_483_647, CartMessages.version);

export const quantitySchema = z
  .number({ error: CartMessages.quantity })
  .int(CartMessages.quantity)
  .min(CART_QUANTITY_MIN, CartMessages.quantity)
  .max(CART_QUANTITY_MAX, CartMessages.quantity);

/** POST /cart/addToCart?productId&cartId (cartId 0 or absent: the member's open cart, or a new one). */
export const AddToCartQuerySchema = z.object({
  productId: z.coerce.number().int().min(1).max(2_147_483_647),
  cartId: optionalCartId,
});
export type AddToCartQuery = z.infer<typeof AddToCartQuerySchema>;

/** GET /cart/GetItem?id and DELETE /cartItem/Delete?id (version optional: when sent it must match). */
export const CartIdQuerySchema = z.object({ id: ownedId });
export const CartItemDeleteQuerySchema = z.object({ id: ownedId, version: version.optional() });

/** POST /cart/ApplyCoupon?cartId&code (code trimmed, upper-cased on the server). */
export const ApplyCouponQuerySchema = z.object({
  cartId: ownedId,
  code: z
    .string({ error: CartMessages.couponCode })
    .trim()
    .min(1, CartMessages.couponCode)
    .max(COUPON_CODE_MAX, CartMessages.couponTooLong),
});
export const RemoveCouponQuerySchema = z.object({ cartId: ownedId });

/**
 * POST /cartItem/save: only the quantity may change. With `version` it applies only to that
 * version (409 when stale, E7); without it, to the current cart (docs/product.md#round-trips).
 * Money and every other field a client sends are ignored (B3).
 */
export const SaveCartItemSchema = z.object({
  id: ownedId,
  quantity: quantitySchema,
  version: version.optional(),
});
export type SaveCartItem = z.infer<typeof SaveCartItemSchema>;

/**
 * POST /cart/save: the quantities of the cart's items, all at once; against `version` when it
 * is sent (409 when stale), else against the current cart. Totals, prices, coupons and ids of
 * other objects in the body are ignored (B3).
 */
export const SaveCartSchema = z.object({
  id: ownedId,
  version: version.optional(),
  items: z
    .array(z.object({ id: ownedId, quantity: quantitySchema }))
    .max(100)
    .optional(),
});
export type SaveCart = z.infer<typeof SaveCartSchema>;

export const CartItemSchema = z.object({
  id: z.string(),
  productId: z.number().int(),
  title: z.string(),
  brandName: z.string(),
  flavorSubCategoryText: z.string(),
  brandImage: z.string(),
  imageModel: z.object({ originalPath: z.string() }),
  quantity: z.number().int(),
  /** Member price of one tub, in dollars. */
  unitPrice: z.number(),
  /** Member price × quantity. */
  totalPrice: z.number(),
  /** List price × quantity (struck through). */
  undiscountedTotalPrice: z.number(),
});
export type CartItem = z.infer<typeof CartItemSchema>;

export const CartSchema = z.object({
  id: z.string(),
  status: z.enum(['open', 'checking_out', 'ordered']),
  couponId: z.string().nullable(),
  couponCode: z.string().nullable(),
  /** The green confirmation row: "WELCOME10: 10% off your cart". */
  couponLabel: z.string().nullable(),
  items: z.array(CartItemSchema),
  /** Σ quantities: the top bar's badge. */
  cartItemsCount: z.number().int(),
  /** Σ list prices. */
  undiscountedSubTotal: z.number(),
  /** Σ member prices, before the coupon. */
  subTotal: z.number(),
  couponDiscount: z.number(),
  /** 0 until checkout knows the state. */
  taxAmount: z.number(),
  /** subTotal − couponDiscount + taxAmount. */
  totalPrice: z.number(),
  /** undiscountedSubTotal − (subTotal − couponDiscount). */
  youSaved: z.number(),
  /** Send it back with every change; a stale one gets 409 (docs/reliability.md#e7). */
  version: z.number().int(),
});
export type Cart = z.infer<typeof CartSchema>;

/** GET /cart/GetOpenCart: the member's open cart, or null. */
export const OpenCartSchema = CartSchema.nullable();
