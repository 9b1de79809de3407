import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import { builtOnce } from '../db/built-once.ts';
import type { Db } from '../db/database.ts';
import {
  type CartRow,
  type CouponRow,
  cartItems,
  carts,
  couponRedemptions,
  coupons,
} from '../modules/cart/cart.table.ts';
import { brands, products } from '../modules/catalog/catalog.table.ts';
import { unlockedBy } from './product-page.ts';

/*
 * The cart's lines and products read together (the cart module's reads across its tables and
 * the catalog's), each in one round trip. `productInCart` and `lockCartWithProduct` run inside
 * the cart's write transactions; the second locks the cart row while it reads. Both read whether
 * the member unlocked the product on the transaction's connection. `linesWithProducts` is the
 * read part of the cart's own statement that writes a line and answers the lines at once.
 */

/** One cart line with what the panel shows and what the price needs. */
export interface CartLineRow {
  itemId: string;
  productId: number;
  quantity: number;
  title: string;
  flavor: string;
  brandName: string;
  brandLogoPath: string;
  tubImagePath: string;
  listPriceCents: number;
  discountPercent: number;
}

function linesQuery(db: Db, cartId: string | ReturnType<typeof sql.placeholder>) {
  return db
    .select({
      itemId: cartItems.id,
      productId: cartItems.productId,
      quantity: cartItems.quantity,
      title: products.title,
      flavor: products.flavor,
      brandName: brands.name,
      brandLogoPath: brands.logoPath,
      tubImagePath: products.tubImagePath,
      listPriceCents: products.listPriceCents,
      discountPercent: products.discountPercent,
    })
    .from(cartItems)
    .innerJoin(products, eq(products.id, cartItems.productId))
    .innerJoin(brands, eq(brands.id, products.brandId))
    .where(eq(cartItems.cartId, cartId))
    .orderBy(asc(cartItems.createdAt), asc(cartItems.id));
}

export async function listLines(db: Db, cartId: string): Promise<CartLineRow[]> {
  return linesQuery(db, cartId);
}

/** `listLines` as one prepared statement on `db` (reads outside a transaction: GET cart/GetItem). */
export function prepareListLines(db: Db) {
  const statement = linesQuery(db, sql.placeholder('cartId')).prepare('cart_lines');
  return (cartId: string): Promise<CartLineRow[]> => statement.execute({ cartId });
}

/** GET cart/GetItem's read: the cart, its coupon and the owner's redemption of it, and its lines. */
export interface CartWithLines {
  cart: CartRow;
  coupon: CouponRow | undefined;
  couponUsed: boolean;
  lines: CartLineRow[];
}

/**
 * GET cart/GetItem's read as one prepared statement (was two: the cart with its coupon, then the
 * lines): the lines come as one JSON array with the fields and the order of `listLines`.
 */
export function prepareCartWithLines(db: Db) {
  const statement = db
    .select({
      cart: carts,
      coupon: coupons,
      couponUsed: sql<boolean>`exists (select 1 from ${couponRedemptions} where ${couponRedemptions.couponId} = ${carts.couponId} and ${couponRedemptions.identityId} = ${carts.identityId})`,
      lines: sql<CartLineRow[]>`coalesce((
        SELECT json_agg(json_build_object(
          'itemId', i.id, 'productId', i.product_id, 'quantity', i.quantity, 'title', p.title,
          'flavor', p.flavor, 'brandName', b.name, 'brandLogoPath', b.logo_path,
          'tubImagePath', p.tub_image_path, 'listPriceCents', p.list_price_cents,
          'discountPercent', p.discount_percent
        ) ORDER BY i.created_at, i.id)
        FROM cart_items i
        JOIN products p ON p.id = i.product_id
        JOIN brands b ON b.id = p.brand_id
        WHERE i.cart_id = ${carts.id}), '[]'::json)`,
    })
    .from(carts)
    .leftJoin(coupons, eq(coupons.id, carts.couponId))
    .where(eq(carts.id, sql.placeholder('id')))
    .limit(1)
    .prepare('cart_with_lines');
  return async (id: string): Promise<CartWithLines | undefined> => {
    const [row] = await statement.execute({ id });
    if (!row) return undefined;
    return {
      cart: row.cart,
      coupon: row.coupon ?? undefined,
      couponUsed: row.couponUsed === true,
      lines: row.lines,
    };
  };
}

/**
 * The product's state for a cart, with this cart's item of it when there is one, and whether
 * `identityId` unlocked it (false for null: not asked, an item already in the cart) (one round trip).
 */
export async function productInCart(tx: Db, cartId: string, productId: number, identityId: string | null) {
  const [row] = await tx
    .select({
      isActive: products.isActive,
      tubStock: products.tubStock,
      itemId: cartItems.id,
      quantity: cartItems.quantity,
      unlocked: unlockedBy(identityId, productId),
    })
    .from(products)
    .leftJoin(cartItems, and(eq(cartItems.productId, products.id), eq(cartItems.cartId, cartId)))
    .where(eq(products.id, productId))
    .limit(1);
  return row;
}

/**
 * A cart row as a raw statement answers it, its columns named `cart_*` (so they can sit beside a
 * line's or a product's): the write that adds a line answers the same.
 */
export type CartColumns = {
  cart_id: string;
  cart_identity_id: string;
  cart_status: CartRow['status'];
  cart_coupon_id: string | null;
  cart_order_id: string | null;
  cart_version: number | string;
  cart_created_at: Date | string;
  cart_updated_at: Date | string;
};

export function toCartRow(row: CartColumns): CartRow {
  return {
    id: row.cart_id,
    identityId: row.cart_identity_id,
    status: row.cart_status,
    couponId: row.cart_coupon_id,
    orderId: row.cart_order_id,
    version: Number(row.cart_version),
    createdAt: new Date(row.cart_created_at),
    updatedAt: new Date(row.cart_updated_at),
  };
}

type LockedCartColumns = CartColumns & {
  is_active: boolean | null;
  tub_stock: number | string | null;
  item_id: string | null;
  quantity: number | string | null;
  unlocked: boolean;
};

const lockedCart = builtOnce<LockedCartColumns>(sql`
  SELECT c.id AS cart_id, c.identity_id AS cart_identity_id, c.status AS cart_status,
    c.coupon_id AS cart_coupon_id, c.order_id AS cart_order_id, c.version AS cart_version,
    c.created_at AS cart_created_at, c.updated_at AS cart_updated_at,
    p.is_active, p.tub_stock, i.id AS item_id, i.quantity,
    ${unlockedBy(sql.placeholder('identityId'), sql.placeholder('productId'))} AS unlocked
  FROM carts c
  LEFT JOIN products p ON p.id = ${sql.placeholder('productId')}
  LEFT JOIN cart_items i ON i.cart_id = c.id AND i.product_id = ${sql.placeholder('productId')}
  WHERE c.id = ${sql.placeholder('cartId')}
  LIMIT 1
  FOR UPDATE OF c`);

/**
 * The cart locked for a change, with the product's state, this cart's line of it and whether
 * `identityId` unlocked it (one round trip; its text is built once). The cart row is the latest
 * one, but the line is as it was when the statement began: a change that held the lock while this
 * waited for it is not in it, so a write must not set the line's quantity from it.
 */
export async function lockCartWithProduct(tx: Db, cartId: string, productId: number, identityId: string) {
  const [row] = await lockedCart(tx, { cartId, productId, identityId });
  if (!row) return undefined;
  return {
    cart: toCartRow(row),
    isActive: row.is_active,
    tubStock: row.tub_stock === null ? null : Number(row.tub_stock),
    itemId: row.item_id,
    quantity: row.quantity === null ? null : Number(row.quantity),
    unlocked: row.unlocked === true,
  };
}

/** A row of `linesWithProducts`, as the driver answers it. */
export type CartLineColumns = {
  item_id: string;
  product_id: number | string;
  quantity: number | string;
  created_at: Date | string;
  title: string;
  flavor: string;
  brand_name: string;
  brand_logo_path: string;
  tub_image_path: string;
  list_price_cents: number | string;
  discount_percent: number | string;
};

/**
 * Line rows `(id, product_id, quantity, created_at)`, given as a query, with the columns of
 * `listLines` from their products and brands (`CartLineColumns`), in no order: the caller sorts
 * them by `created_at, item_id`, the order of `listLines`. It lets a statement that writes a line
 * answer the cart's lines from the rows it wrote.
 */
export function linesWithProducts(rows: SQL): SQL {
  return sql`
    SELECT l.id AS item_id, l.product_id, l.quantity, l.created_at, p.title, p.flavor,
      b.name AS brand_name, b.logo_path AS brand_logo_path, p.tub_image_path, p.list_price_cents,
      p.discount_percent
    FROM (${rows}) l JOIN products p ON p.id = l.product_id JOIN brands b ON b.id = p.brand_id`;
}

export function toCartLineRow(row: CartLineColumns): CartLineRow {
  return {
    itemId: row.item_id,
    productId: Number(row.product_id),
    quantity: Number(row.quantity),
    title: row.title,
    flavor: row.flavor,
    brandName: row.brand_name,
    brandLogoPath: row.brand_logo_path,
    tubImagePath: row.tub_image_path,
    listPriceCents: Number(row.list_price_cents),
    discountPercent: Number(row.discount_percent),
  };
}

export interface CartLine {
  productId: number;
  quantity: number;
  listPriceCents: number;
  discountPercent: number;
  title: string;
  isActive: boolean;
}

/** The cart's lines with the catalog's current prices, in product order (the order stock is locked in). */
export async function cartLines(db: Db, cartId: string): Promise<CartLine[]> {
  return db
    .select({
      productId: cartItems.productId,
      quantity: cartItems.quantity,
      listPriceCents: products.listPriceCents,
      discountPercent: products.discountPercent,
      title: products.title,
      isActive: products.isActive,
    })
    .from(cartItems)
    .innerJoin(products, eq(products.id, cartItems.productId))
    .where(eq(cartItems.cartId, cartId))
    .orderBy(asc(cartItems.productId));
}
