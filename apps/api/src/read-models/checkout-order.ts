import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { identities } from '../modules/accounts/accounts.table.ts';
import type { CatalogProductRow } from '../modules/catalog/index.ts';
import type { OrderItemRow, OrderOwner, OrderRow } from '../modules/orders/index.ts';
import { orders } from '../modules/orders/orders.table.ts';

/** One sample line of the checkout order read, with what the order view shows of its product. */
interface CheckoutOrderItemJson {
  id: string;
  orderId: string;
  productId: number;
  isPrimePick: boolean;
  priceCents: number;
  quantity: number;
  listPriceCents: number | null;
  createdAt: string;
  /** Null when the product is archived (the view then says "Sample"). */
  product: {
    title: string;
    description: string;
    tubImagePath: string;
    sampleImagePath: string;
    flavor: string;
    brandName: string;
  } | null;
}

export interface CheckoutOrderRead {
  order: OrderRow;
  items: OrderItemRow[];
  products: Map<number, CatalogProductRow>;
  owner: OrderOwner;
}

/**
 * GET /checkout/GetCheckoutOrder's read in one prepared statement (was five queries through the
 * query builder): the order of this identity, its owner's name and email, and its sample lines
 * with their products and brands as one JSON array. Undefined when the order is not the
 * identity's (the caller answers 404 exactly as for a missing one).
 */
export function prepareCheckoutOrderRead(db: Db) {
  const statement = db
    .select({
      order: orders,
      email: identities.email,
      firstName: identities.firstName,
      lastName: identities.lastName,
      items: sql<CheckoutOrderItemJson[]>`coalesce((
        SELECT json_agg(json_build_object(
          'id', oi.id, 'orderId', oi.order_id, 'productId', oi.product_id,
          'isPrimePick', oi.is_prime_pick, 'priceCents', oi.price_cents, 'quantity', oi.quantity,
          'listPriceCents', oi.list_price_cents, 'createdAt', oi.created_at,
          'product', CASE WHEN p.is_active THEN json_build_object(
            'title', p.title, 'description', p.description, 'tubImagePath', p.tub_image_path,
            'sampleImagePath', p.sample_image_path, 'flavor', p.flavor, 'brandName', b.name) END
        ) ORDER BY oi.created_at, oi.id)
        FROM order_items oi
        LEFT JOIN products p ON p.id = oi.product_id
        LEFT JOIN brands b ON b.id = p.brand_id
        WHERE oi.order_id = ${orders.id}), '[]'::json)`,
    })
    .from(orders)
    .innerJoin(identities, eq(identities.id, orders.identityId))
    .where(
      and(eq(orders.id, sql.placeholder('orderId')), eq(orders.identityId, sql.placeholder('identityId'))),
    )
    .limit(1)
    .prepare('checkout_order_read');

  return async (identityId: string, orderId: string): Promise<CheckoutOrderRead | undefined> => {
    const [row] = await statement.execute({ orderId, identityId });
    if (!row) return undefined;
    const itemsJson: CheckoutOrderItemJson[] =
      typeof row.items === 'string' ? JSON.parse(row.items) : (row.items ?? []);
    const products = new Map<number, CatalogProductRow>();
    const items = itemsJson.map((i) => {
      // The order view reads only these fields of a product.
      if (i.product) {
        products.set(i.productId, {
          ...i.product,
          id: i.productId,
          brand: { name: i.product.brandName },
        } as unknown as CatalogProductRow);
      }
      return {
        id: i.id,
        orderId: i.orderId,
        productId: Number(i.productId),
        isPrimePick: i.isPrimePick,
        priceCents: Number(i.priceCents),
        quantity: Number(i.quantity),
        listPriceCents: i.listPriceCents === null ? null : Number(i.listPriceCents),
        createdAt: new Date(i.createdAt),
      } satisfies OrderItemRow;
    });
    return {
      order: row.order,
      items,
      products,
      owner: { emailAddress: row.email, firstName: row.firstName, lastName: row.lastName },
    };
  };
}
