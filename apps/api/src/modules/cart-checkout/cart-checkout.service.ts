import { randomUUID } from 'node:crypto';
import {
  type CartCheckoutQuote,
  type CheckoutIdentity,
  type CheckoutPaymentResult,
  centsToDollars,
  toUsStateCode,
} from '@store/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.ts';
import { AppError, badRequest, conflict, notFound } from '../../http/errors.ts';
import {
  type CartPrice,
  type CartRow,
  cartOrdering,
  couponTerms,
  findUsableCouponById,
  priceCart,
  redeemCoupon,
} from '../cart/index.ts';
import { tubStock } from '../catalog/index.ts';
import { type CheckoutService, hasLiveAttempt, STALE_ATTEMPT_MS } from '../checkout/index.ts';
import type { OrderShipping } from '../orders/index.ts';
import type { TaxCalculator, TaxResult } from '../tax/index.ts';
import * as repo from './cart-checkout.repository.ts';
import type { CartOrderRow } from './cart-checkout.table.ts';

/*
 * The shop's cart checkout (docs/product.md#shop-and-cart; docs/reliability.md#c1, docs/reliability.md#c2, docs/reliability.md#c3, docs/reliability.md#c4, docs/reliability.md#c5, docs/reliability.md#c7, docs/reliability.md#e6, docs/reliability.md#e7; flow 3 "Shop cart
 * checkout"). Confirm order runs in two steps:
 *
 * 1. Freeze, in one transaction holding the cart's row lock: the cart is priced again from the
 *    catalog (priceCart) with its coupon checked again (findUsableCouponById), the handling fee and
 *    the tax (asked before the lock by taxAhead, kept if the locked cart prices the same); it
 *    becomes (or updates) its one order of kind 'cart' (orders.cart_id is unique); every tub is
 *    held with a guarded UPDATE of products.tub_stock that never goes below 0, and the coupon's use
 *    is claimed (redeemCoupon). Too few tubs, or a single-use coupon that
 *    another checkout just took, is a 409 here, before any charge.
 * 2. Charge, through the first-box checkout's payment start (one live attempt per order, the
 *    provider key `order:{id}:{n}`), then record the payment through its one transition, which
 *    consumes the holds and marks the cart 'ordered' (cart-order-hooks.ts) and queues the receipt.
 *
 * A decline gives the holds and the coupon back and reopens the cart, so the member can edit it
 * and try again. Holds expire after HOLD_MS; expired holds of unpaid orders (nothing paying them
 * right now) are released at the start of every cart checkout and by a background pass every
 * minute in the server (a paid order whose hold had expired takes its tubs again).
 */

/** How long tubs stay held for an unpaid order. */
export const HOLD_MS = 15 * 60 * 1000;

export const EMPTY_CART = 'Your cart is empty.';
export const CHECKOUT_IN_PROGRESS = 'This cart is already being paid for. Please wait a moment.';

export interface CartCheckoutDeps {
  db: Db;
  clock: () => Date;
  config: { handlingFeeCents: number };
  tax: TaxCalculator;
  checkout: Pick<CheckoutService, 'createPaymentIntent' | 'subscribe'>;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
}

export type CartCheckoutService = ReturnType<typeof createCartCheckoutService>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Money of a priced cart with handling and tax: the one formula the charge and the page use (C4). */
export function cartTotals(price: CartPrice, handlingFeeCents: number, taxCents: number) {
  return {
    subtotalCents: price.subtotalCents,
    discountCents: price.couponDiscountCents,
    handlingFeeCents,
    taxCents,
    totalCents: price.discountedSubtotalCents + handlingFeeCents + taxCents,
  };
}

/** Tax is on the discounted subtotal plus the handling fee, as the first box taxes price + handling. */
export function taxableCents(price: CartPrice, handlingFeeCents: number): number {
  return price.discountedSubtotalCents + handlingFeeCents;
}

function isStale(cart: CartRow, now: Date): boolean {
  return now.getTime() - cart.updatedAt.getTime() > STALE_ATTEMPT_MS;
}

function toShipping(identity: CheckoutIdentity): OrderShipping {
  const a = identity.shippingAddress;
  return {
    firstName: identity.firstName,
    lastName: identity.lastName,
    street1: a.street1,
    street2: a.street2?.trim() ? a.street2.trim() : null,
    city: a.city,
    state: a.state,
    postalCode: a.postalCode,
  };
}

function result(order: CartOrderRow, status: string, pi?: { clientSecret: string; paymentIntentId: string }) {
  return {
    orderId: order.id,
    orderNumer: order.orderNumber ?? '',
    status,
    clientSecret: pi?.clientSecret ?? null,
    paymentIntentId: pi?.paymentIntentId ?? null,
    total: centsToDollars(order.totalCents),
  } satisfies CheckoutPaymentResult;
}

export function createCartCheckoutService({ db, clock, config, tax, checkout, log }: CartCheckoutDeps) {
  /** The caller's cart, or 404 as for a missing one (docs/reliability.md#b1). */
  function ownCart(cart: CartRow | undefined, identityId: string): CartRow {
    if (!cart || cart.identityId !== identityId) throw notFound('Cart');
    return cart;
  }

  /** The cart priced now: lines from the catalog, its coupon checked again. */
  async function price(tx: Db, cart: CartRow, identityId: string, now: Date, isCouponClaimed = false) {
    const lines = await cartOrdering.cartLines(tx, cart.id);
    if (lines.length === 0) throw badRequest(EMPTY_CART);
    const gone = lines.find((l) => !l.isActive);
    if (gone) throw conflict(`${gone.title} is no longer sold. Please remove it from your cart.`);
    // A coupon this cart's order already claimed is its own use, not "already used".
    const coupon = !cart.couponId
      ? null
      : isCouponClaimed
        ? ((await cartOrdering.couponById(tx, cart.couponId)) ?? null)
        : await findUsableCouponById(tx, cart.couponId, identityId, now);
    return { lines, coupon, price: priceCart(lines, coupon ? couponTerms(coupon) : null) };
  }

  /** Gives an unpaid order's holds and coupon use back (a decline, an expired hold, a re-freeze). */
  async function release(tx: Db, orderId: string) {
    await repo.releaseHolds(tx, orderId);
    await cartOrdering.releaseRedemption(tx, orderId);
  }

  /** The lazy sweep: holds past their time, of orders nothing is paying right now, go back on the shelf. */
  async function releaseExpiredHolds(now: Date) {
    const orderIds = await repo.expiredHoldOrderIds(db, now, 50);
    for (const orderId of orderIds) {
      await db.transaction(async (t) => {
        const order = await repo.findCartOrder(t, orderId);
        if (!order || (order.status !== 'draft' && order.status !== 'awaiting_payment')) return;
        const cart = order.cartId ? await cartOrdering.lockCart(t, order.cartId) : undefined;
        if (await hasLiveAttempt(t, orderId)) return;
        await release(t, orderId);
        if (cart?.status === 'checking_out') {
          await cartOrdering.setCartState(t, cart.id, { status: 'open', updatedAt: now });
        }
      });
    }
  }

  type Frozen = { kind: 'done'; order: CartOrderRow } | { kind: 'charge'; order: CartOrderRow };

  /** The tax asked before the cart is locked, and what it was asked for. */
  type TaxAhead = { orderId: string; taxableCents: number; taxed: TaxResult };

  /**
   * The cart's tax, asked of the tax service (Stripe Tax) before the freeze's transaction, so no
   * row lock or database connection waits on a network call (docs/payments.md#sales-tax). `cart`
   * is the row read for the ownership check; only an open cart is asked: a cart being paid or already paid is answered by the freeze without new
   * tax. When the cart cannot be priced here (empty, a product gone, its coupon used meanwhile),
   * nothing is asked and the freeze gives the cart's own error from the locked rows.
   */
  async function taxAhead(
    identityId: string,
    cart: CartRow,
    shipping: OrderShipping,
  ): Promise<TaxAhead | undefined> {
    if (cart.status !== 'open') return undefined;
    const [priced, existing] = await Promise.all([
      price(db, cart, identityId, clock()).catch(() => undefined),
      repo.findOrderOfCart(db, cart.id),
    ]);
    if (!priced) return undefined;
    const orderId = existing?.id ?? randomUUID();
    const taxable = taxableCents(priced.price, config.handlingFeeCents);
    const taxed = await tax.calculate({
      taxableCents: taxable,
      address: shipping,
      reference: `order:${orderId}`,
    });
    return { orderId, taxableCents: taxable, taxed };
  }

  /** Step 1: the cart becomes its order, with tubs held and the coupon claimed; or a 409 before any charge. */
  async function freeze(
    identityId: string,
    cartId: string,
    shipping: OrderShipping,
    ahead?: TaxAhead,
  ): Promise<Frozen> {
    const now = clock();
    return db.transaction(async (t) => {
      const cart = ownCart(await cartOrdering.lockCart(t, cartId), identityId);
      const existing = await repo.findOrderOfCart(t, cart.id);
      if (cart.status === 'ordered' && existing) return { kind: 'done', order: existing };
      if (existing && existing.status !== 'draft' && existing.status !== 'awaiting_payment') {
        return { kind: 'done', order: existing };
      }
      // A payment of this order is running or went through: the charge step finds it (C3).
      if (existing && (await hasLiveAttempt(t, existing.id))) return { kind: 'charge', order: existing };
      if (cart.status === 'checking_out' && !isStale(cart, now)) {
        throw new AppError('in_progress', CHECKOUT_IN_PROGRESS);
      }
      if (existing) await release(t, existing.id);

      const priced = await price(t, cart, identityId, now);
      const orderId = existing?.id ?? ahead?.orderId ?? randomUUID();
      const taxable = taxableCents(priced.price, config.handlingFeeCents);
      // Asked again, under the lock, only if the cart or its order changed since it was asked.
      const taxed =
        ahead && ahead.orderId === orderId && ahead.taxableCents === taxable
          ? ahead.taxed
          : await tax.calculate({ taxableCents: taxable, address: shipping, reference: `order:${orderId}` });
      const totals = cartTotals(priced.price, config.handlingFeeCents, taxed.taxCents);
      const fields = {
        taxCalculationId: taxed.calculationId,
        shipping,
        priceCents: totals.subtotalCents,
        discountCents: totals.discountCents,
        couponId: priced.coupon?.id ?? null,
        handlingFeeCents: totals.handlingFeeCents,
        taxCents: totals.taxCents,
        totalCents: totals.totalCents,
        updatedAt: now,
      };
      const order = existing
        ? await repo.updateOrder(t, existing.id, fields)
        : await repo.insertOrder(t, {
            id: orderId,
            identityId,
            kind: 'cart',
            status: 'draft',
            cartId: cart.id,
            createdAt: now,
            ...fields,
          });
      await repo.replaceItems(
        t,
        order.id,
        priced.price.lines.map((l) => ({
          productId: l.productId,
          quantity: l.quantity,
          priceCents: l.lineMemberCents,
          listPriceCents: l.listPriceCents,
          createdAt: now,
        })),
      );
      await repo.insertHolds(t, order.id, priced.lines, now, new Date(now.getTime() + HOLD_MS));
      if (priced.coupon) {
        // Claimed before the charge: of two checkouts racing for a single-use coupon, the loser
        // gets its 409 here and nothing is charged (docs/reliability.md#e7).
        await redeemCoupon(t, priced.coupon.id, identityId, order.id, totals.discountCents);
      }
      await cartOrdering.setCartState(t, cart.id, { status: 'checking_out', updatedAt: now });
      // Stock is taken last, in product order: each product's row stays locked only from here to
      // the commit, so checkouts of the same tub queue for one statement, not the whole freeze
      // (bench:day), and concurrent checkouts never wait on each other in a cycle.
      for (const line of priced.lines) {
        if (!(await tubStock.take(t, line.productId, line.quantity))) {
          const left = await tubStock.of(t, line.productId);
          throw new AppError(
            'insufficient_inventory',
            left > 0
              ? `Only ${left} of ${line.title} left. Please lower the quantity in your cart.`
              : `${line.title} is sold out. Please remove it from your cart.`,
          );
        }
      }
      return { kind: 'charge', order };
    });
  }

  /** After a decline: holds and coupon back, the cart open again for edits and a retry (C5). */
  async function reopen(cartId: string, orderId: string) {
    await db.transaction(async (t) => {
      const cart = await cartOrdering.lockCart(t, cartId);
      const order = await repo.findCartOrder(t, orderId);
      if (!order || (order.status !== 'draft' && order.status !== 'awaiting_payment')) return;
      if (await hasLiveAttempt(t, orderId)) return;
      await release(t, orderId);
      if (cart && cart.status !== 'ordered') {
        await cartOrdering.setCartState(t, cart.id, { status: 'open', updatedAt: clock() });
      }
    });
  }

  return {
    /** The background pass: expired holds of unpaid orders go back on the shelf (also done at every checkout). */
    releaseExpiredHolds: () => releaseExpiredHolds(clock()),

    /**
     * POST /Payment/CreateCheckoutPayment?cartId&paymentMethodId: freezes the cart into its order
     * and charges it once; answers the paid order. Every amount is the server's (C4).
     */
    async createCheckoutPayment(
      identityId: string,
      input: { cartId: string; paymentMethodId: string },
      identity: CheckoutIdentity,
    ): Promise<CheckoutPaymentResult> {
      if (!UUID.test(input.cartId)) throw notFound('Cart');
      const cartId = input.cartId.toLowerCase();
      const cart = ownCart(await cartOrdering.findCart(db, cartId), identityId);
      await releaseExpiredHolds(clock()).catch((error: unknown) =>
        log.error({ err: error }, 'releasing expired stock holds failed'),
      );
      const shipping = toShipping(identity);
      const frozen = await freeze(identityId, cartId, shipping, await taxAhead(identityId, cart, shipping));
      if (frozen.kind === 'done') return result(frozen.order, 'succeeded');
      const order = frozen.order;

      let pi: Awaited<ReturnType<typeof checkout.createPaymentIntent>>;
      try {
        pi = await checkout.createPaymentIntent(
          identityId,
          { orderId: order.id, paymentMethodId: input.paymentMethodId },
          identity,
          { isCartCheckout: true },
        );
      } catch (error) {
        if (error instanceof AppError && error.code === 'payment_declined') {
          await reopen(cartId, order.id);
        }
        throw error;
      }
      if (pi.status !== 'succeeded') return result(order, pi.status, pi);
      // Recorded through the checkout's one transition: paid, holds consumed, coupon, cart, receipt.
      await checkout.subscribe(identityId, {
        orderId: order.id,
        paymentIntent: pi.paymentIntentId,
        deliverySchedule: 0,
      });
      const paid = (await repo.findCartOrder(db, order.id))!;
      log.info({ orderId: order.id, cartId }, 'cart order paid');
      return result(paid, 'succeeded', pi);
    },

    /**
     * GET /cart/CheckoutQuote?cartId&state: what Confirm order would charge now, with the same
     * pricing, coupon check and tax as the charge. A coupon that is no longer usable is a 400.
     */
    async quote(identityId: string, input: { cartId: string; state?: string }): Promise<CartCheckoutQuote> {
      if (!UUID.test(input.cartId)) throw notFound('Cart');
      const cart = ownCart(await cartOrdering.findCart(db, input.cartId.toLowerCase()), identityId);
      const state = input.state ? (toUsStateCode(input.state) ?? null) : null;
      const order = await repo.findOrderOfCart(db, cart.id);
      const claimed = order ? await cartOrdering.redemptionOf(db, order.id) : undefined;
      const priced = await price(db, cart, identityId, clock(), claimed?.couponId === cart.couponId);
      const taxCents = state
        ? await tax.taxCents({ taxableCents: taxableCents(priced.price, config.handlingFeeCents), state })
        : 0;
      const totals = cartTotals(priced.price, config.handlingFeeCents, taxCents);
      return {
        cartId: cart.id,
        lines: priced.price.lines.map((l) => ({
          productId: l.productId,
          quantity: l.quantity,
          unitPrice: centsToDollars(l.unitMemberCents),
          undiscountedUnitPrice: centsToDollars(l.listPriceCents),
          totalPrice: centsToDollars(l.lineMemberCents),
          undiscountedTotalPrice: centsToDollars(l.lineListCents),
        })),
        subTotal: centsToDollars(totals.subtotalCents),
        undiscountedSubTotal: centsToDollars(priced.price.undiscountedSubtotalCents),
        discount: centsToDollars(totals.discountCents),
        couponCode: priced.coupon?.code ?? null,
        handlingFee: centsToDollars(totals.handlingFeeCents),
        taxAmount: state ? centsToDollars(taxCents) : null,
        total: centsToDollars(totals.totalCents),
        state,
      };
    },
  };
}
