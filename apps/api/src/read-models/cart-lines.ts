import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { cartItems, carts } from '../modules/cart/cart.table.ts';
import { brands, products } from '../modules/catalog/catalog.table.ts';

/*
 * The cart's lines and products read together (the cart module's reads across its tables and
 * the catalog's), each in one round trip. `productInCart` and `lockCartWithProduct` run inside
 * the cart's write transactions; the second locks the cart row while it reads.
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

/** The product's state for a cart, with this cart's item of it when there is one (one round trip). */
export async function productInCart(tx: Db, cartId: string, productId: number) {
  const [row] = await tx
    .select({
      isActive: products.isActive,
      tubStock: products.tubStock,
      itemId: cartItems.id,
      quantity: cartItems.quantity,
    })
    .from(products)
    .leftJoin(cartItems, and(eq(cartItems.productId, products.id), eq(cartItems.cartId, cartId)))
    .where(eq(products.id, productId))
    .limit(1);
  return row;
}

/** The cart locked for a change, with the product's state and this cart's line of it (one round trip). */
export async function lockCartWithProduct(tx: Db, cartId: string, productId: number) {
  const [row] = await tx
    .select({
      cart: carts,
      isActive: products.isActive,
      tubStock: products.tubStock,
      itemId: cartItems.id,
      quantity: cartItems.quantity,
    })
    .from(carts)
    .leftJoin(products, eq(products.id, productId))
    .leftJoin(cartItems, and(eq(cartItems.cartId, carts.id), eq(cartItems.productId, productId)))
    .where(eq(carts.id, cartId))
    .limit(1)
    .for('update', { of: carts });
  return row;
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
