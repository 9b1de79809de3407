import { randomUUID } from 'node:crypto';
import {
  type AddToCartQuery,
  type Cart,
  CartMessages,
  centsToDollars,
  formatUsd,
  type SaveCart,
  type SaveCartItem,
} from '@store/contracts';
import type { Db } from '../../db/database.ts';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors.ts';
import {
  type CartLineRow,
  listLines,
  lockCartWithProduct,
  prepareCartWithLines,
  prepareListLines,
  productInCart,
} from '../../read-models/cart-lines.ts';
import { lockIdentity } from '../accounts/index.ts';
import * as repo from './cart.repository.ts';
import type { CartRow, CouponRow } from './cart.table.ts';
import { priceCart } from './cart-pricing.ts';
import { couponProblem, couponTerms, findUsableCoupon, hasRedeemed } from './coupon-rules.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface CartServiceDeps {
  db: Db;
  clock: () => Date;
}

export type CartService = ReturnType<typeof createCartService>;

/** The green row's words for a coupon. */
export function couponLabel(coupon: Pick<CouponRow, 'kind' | 'percentOff' | 'amountOffCents'>): string {
  if (coupon.kind === 'percent') return `${coupon.percentOff}% off your cart`;
  if (coupon.kind === 'fixed') return `${formatUsd(coupon.amountOffCents ?? 0)} off your cart`;
  return 'One free tub';
}

/**
 * The members' cart (docs/product.md#shop-and-cart). Rules:
 * - every call is the caller's own cart: someone else's cart or item, or an id that is not ours,
 *   answers 404 as if it did not exist (docs/reliability.md#b1);
 * - only an open cart changes; a cart at checkout or ordered answers 409, except addToCart, which
 *   starts a fresh cart so the member can keep shopping (the answer carries the new id);
 * - every change moves `version`; cart/save, cartItem/save and a Delete that sends a version must
 *   name the version they read, or get 409 and re-read (E7);
 * - money is priced on the server from the catalog (priceCart); the client's numbers are never read (B3).
 */
export function createCartService({ db, clock }: CartServiceDeps) {
  const findCartWithLines = prepareCartWithLines(db);
  const listLinesNow = prepareListLines(db);
  async function requireOwnCart(identityId: string, id: string, tx: Db = db, lock = false): Promise<CartRow> {
    const cart = UUID.test(id)
      ? await (lock ? repo.lockCart : repo.findCart)(tx, id.toLowerCase())
      : undefined;
    if (!cart || cart.identityId !== identityId) throw notFound('That cart');
    return cart;
  }

  function requireOpen(cart: CartRow): void {
    if (cart.status !== 'open') throw conflict(CartMessages.notEditable);
  }

  async function requireOwnItem(identityId: string, id: string, tx: Db) {
    const item = UUID.test(id) ? await repo.findItem(tx, id.toLowerCase()) : undefined;
    if (!item) throw notFound('That cart item');
    const cart = await repo.lockCart(tx, item.cartId);
    if (!cart || cart.identityId !== identityId) throw notFound('That cart item');
    return { item, cart };
  }

  /** Moves the cart to its next version (from `expected` when given) and answers the new row. */
  async function nextVersion(tx: Db, cart: CartRow, expected: number | undefined, changes = {}) {
    if (expected !== undefined && expected !== cart.version) throw conflict(CartMessages.stale);
    const row = await repo.bumpVersion(tx, cart.id, clock(), changes, expected);
    if (!row) throw conflict(CartMessages.stale);
    return row;
  }

  /**
   * The wire view; `read` is the coupon and its redemption when already read with the cart,
   * `written` the cart's lines when the write that changed them answered them.
   */
  async function view(
    cart: CartRow,
    tx: Db = db,
    read?: repo.CartWithCoupon,
    written?: CartLineRow[],
  ): Promise<Cart> {
    // Inside a transaction the lines are read on its connection; outside, by the prepared read.
    const lines = written ?? (tx === db ? await listLinesNow(cart.id) : await listLines(tx, cart.id));
    let coupon: CouponRow | undefined;
    let problem: string | null = null;
    if (cart.couponId) {
      coupon = read ? read.coupon : await repo.findCoupon(tx, cart.couponId);
      if (coupon && cart.status === 'open') {
        const used = read ? read.couponUsed : await hasRedeemed(tx, coupon.id, cart.identityId);
        problem = couponProblem(coupon, cart.identityId, clock(), used);
      }
    }
    const price = priceCart(
      lines.map((l) => ({
        productId: l.productId,
        quantity: l.quantity,
        listPriceCents: l.listPriceCents,
        discountPercent: l.discountPercent,
      })),
      coupon && !problem ? couponTerms(coupon) : null,
    );
    return {
      id: cart.id,
      status: cart.status,
      couponId: coupon?.id ?? null,
      couponCode: coupon?.code ?? null,
      // A coupon that stopped being usable (expired, used meanwhile) stays on the cart, takes
      // nothing off, and its row says why.
      couponLabel: coupon ? (problem ?? couponLabel(coupon)) : null,
      items: lines.map((l, i) => {
        const priced = price.lines[i]!;
        return {
          id: l.itemId,
          productId: l.productId,
          title: l.title,
          brandName: l.brandName,
          flavorSubCategoryText: l.flavor,
          brandImage: l.brandLogoPath,
          imageModel: { originalPath: l.tubImagePath },
          quantity: l.quantity,
          unitPrice: centsToDollars(priced.unitMemberCents),
          totalPrice: centsToDollars(priced.lineMemberCents),
          undiscountedTotalPrice: centsToDollars(priced.lineListCents),
        };
      }),
      cartItemsCount: lines.reduce((n, l) => n + l.quantity, 0),
      undiscountedSubTotal: centsToDollars(price.undiscountedSubtotalCents),
      subTotal: centsToDollars(price.subtotalCents),
      couponDiscount: centsToDollars(price.couponDiscountCents),
      taxAmount: 0,
      totalPrice: centsToDollars(price.discountedSubtotalCents),
      youSaved: centsToDollars(price.youSavedCents),
      version: cart.version,
    };
  }

  /**
   * Whether `quantity` tubs of the product can be in a cart. `unlocked` is checked when given
   * (adding); an item already in the cart was unlocked when it was added, and unlocking is forever.
   */
  function checkProduct(
    product: { isActive: boolean; tubStock: number },
    quantity: number,
    unlocked?: boolean,
  ) {
    if (!product.isActive) throw badRequest(CartMessages.archived);
    if (unlocked === false) throw forbidden(CartMessages.locked);
    if (product.tubStock <= 0) throw badRequest(CartMessages.outOfStock);
    if (quantity > product.tubStock) {
      throw badRequest(`Only ${product.tubStock} tubs of this product are in stock.`);
    }
  }

  /** The same check for raising an item's quantity. */
  async function checkQuantity(tx: Db, cartId: string, productId: number, quantity: number) {
    const product = await productInCart(tx, cartId, productId, null);
    if (!product) throw notFound('That product');
    checkProduct(product, quantity);
  }

  return {
    requireOwnCart,
    view,

    /** POST /cart/addToCart: one more tub of the product in the member's open cart. */
    async addToCart(identityId: string, query: AddToCartQuery): Promise<Cart> {
      return db.transaction(async (tx) => {
        let cart: CartRow | undefined;
        let found:
          | {
              isActive: boolean | null;
              tubStock: number | null;
              itemId: string | null;
              quantity: number | null;
              unlocked: boolean;
            }
          | undefined;
        if (query.cartId) {
          // The named cart locked, the product read and its unlock checked in one round trip.
          const locked = UUID.test(query.cartId)
            ? await lockCartWithProduct(tx, query.cartId.toLowerCase(), query.productId, identityId)
            : undefined;
          if (!locked || locked.cart.identityId !== identityId) throw notFound('That cart');
          // A checked-out cart: the add starts a fresh cart.
          if (locked.cart.status === 'open') [cart, found] = [locked.cart, locked];
        }
        if (!cart) {
          // Serialises "find or create the open cart" per member (two first adds make one cart).
          await lockIdentity(tx, identityId);
          const open = await repo.findOpenCart(tx, identityId);
          cart = open
            ? await repo.lockCart(tx, open.id)
            : await repo.insertCart(tx, { id: randomUUID(), identityId }, clock());
          if (!cart) throw notFound('That cart');
          found = await productInCart(tx, cart.id, query.productId, identityId);
        }
        if (!found || found.isActive === null || found.tubStock === null) throw notFound('That product');
        const quantity = (found.quantity ?? 0) + 1;
        checkProduct(
          { isActive: found.isActive, tubStock: found.tubStock },
          quantity,
          found.unlocked === true,
        );
        if (quantity > 99) throw badRequest(CartMessages.quantity);
        // The line, the cart's version and the lines of the answer in one statement, counting up
        // from the line as it stands under the lock.
        const written = await repo.addToLineAndBump(
          tx,
          { id: found.itemId ?? randomUUID(), cartId: cart.id, productId: query.productId, added: 1 },
          clock(),
        );
        if (!written) throw conflict(CartMessages.stale);
        // The quantity read before the lock can be older than an add that held it: the checks
        // again on the quantity written (a refusal rolls the write back).
        const line = written.lines.find((l) => l.productId === query.productId);
        if (line && line.quantity !== quantity) {
          checkProduct({ isActive: found.isActive, tubStock: found.tubStock }, line.quantity);
          if (line.quantity > 99) throw badRequest(CartMessages.quantity);
        }
        return view(written.cart, tx, undefined, written.lines);
      });
    },

    /** GET /cart/GetItem: the caller's cart (any status). */
    async getItem(identityId: string, id: string): Promise<Cart> {
      const read = UUID.test(id) ? await findCartWithLines(id.toLowerCase()) : undefined;
      if (!read || read.cart.identityId !== identityId) throw notFound('That cart');
      return view(read.cart, db, read, read.lines);
    },

    /** GET /cart/GetOpenCart: the member's open cart, or null (a new device without a stored cartId). */
    async openCart(identityId: string): Promise<Cart | null> {
      const cart = await repo.findOpenCart(db, identityId);
      return cart ? view(cart) : null;
    },

    /** POST /cart/save: the quantities of the cart's own items, against the version read. */
    async save(identityId: string, input: SaveCart): Promise<Cart> {
      return db.transaction(async (tx) => {
        const cart = await requireOwnCart(identityId, input.id, tx, true);
        requireOpen(cart);
        const lines = await listLines(tx, cart.id);
        const byId = new Map(lines.map((l) => [l.itemId, l]));
        for (const item of input.items ?? []) {
          const line = byId.get(item.id.toLowerCase());
          if (!line) throw notFound('That cart item');
          if (item.quantity > line.quantity) await checkQuantity(tx, cart.id, line.productId, item.quantity);
          await repo.setItemQuantity(tx, line.itemId, item.quantity);
        }
        return view(await nextVersion(tx, cart, input.version), tx);
      });
    },

    /** POST /cartItem/save: one item's quantity (1..99), against the version read. */
    async saveItem(identityId: string, input: SaveCartItem): Promise<Cart> {
      return db.transaction(async (tx) => {
        const { item, cart } = await requireOwnItem(identityId, input.id, tx);
        requireOpen(cart);
        if (input.version !== undefined && input.version !== cart.version) throw conflict(CartMessages.stale);
        if (input.quantity > item.quantity) await checkQuantity(tx, cart.id, item.productId, input.quantity);
        await repo.setItemQuantity(tx, item.id, input.quantity);
        return view(await nextVersion(tx, cart, input.version), tx);
      });
    },

    /** DELETE /cartItem/Delete: removes the item; a version, when sent, must be the one read. */
    async deleteItem(identityId: string, id: string, version?: number): Promise<Cart> {
      return db.transaction(async (tx) => {
        const { item, cart } = await requireOwnItem(identityId, id, tx);
        requireOpen(cart);
        if (version !== undefined && version !== cart.version) throw conflict(CartMessages.stale);
        await repo.deleteItem(tx, item.id);
        return view(await nextVersion(tx, cart, version), tx);
      });
    },

    /**
     * POST /cart/ApplyCoupon: puts the coupon on the cart. The cart holds one coupon id, so the
     * same code applied any number of times, at once or not, is one adjustment (E7).
     */
    async applyCoupon(identityId: string, cartId: string, code: string): Promise<Cart> {
      return db.transaction(async (tx) => {
        const cart = await requireOwnCart(identityId, cartId, tx, true);
        requireOpen(cart);
        const coupon = await findUsableCoupon(tx, code, identityId, clock());
        if (cart.couponId === coupon.id) return view(cart, tx);
        return view(await nextVersion(tx, cart, undefined, { couponId: coupon.id }), tx);
      });
    },

    /** POST /cart/RemoveCoupon: takes the coupon off (nothing to do without one). */
    async removeCoupon(identityId: string, cartId: string): Promise<Cart> {
      return db.transaction(async (tx) => {
        const cart = await requireOwnCart(identityId, cartId, tx, true);
        requireOpen(cart);
        if (!cart.couponId) return view(cart, tx);
        return view(await nextVersion(tx, cart, undefined, { couponId: null }), tx);
      });
    },

    /** The top bar's badge: Σ quantities of the member's open cart. */
    openCartCount: (identityId: string) => repo.openCartCount(db, identityId),
  };
}
