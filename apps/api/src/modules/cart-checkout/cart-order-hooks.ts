import { productName } from '@store/contracts';
import { inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.ts';
import { redeemCoupon } from '../cart/coupon-rules.ts';
import { products } from '../catalog/catalog.table.ts';
import { cartReceiptMail } from '../mail/cart-receipt.ts';
import type { Mail } from '../mail/mailer.ts';
import * as repo from './cart-checkout.repository.ts';

/**
 * What the checkout's one "charged → paid" transition does for an order of kind 'cart'
 * (docs/reliability.md#c7): it runs inside that transaction, under the order's row lock, so whichever of
 * the request, the webhook or reconciliation records the payment, it happens once.
 */
export interface CartOrderHooks {
  /** Inside the paying transaction: holds consumed, coupon redeemed, cart 'ordered'. */
  onPaid(tx: Db, orderId: string): Promise<void>;
  /** The receipt of a paid cart order (the outbox sends it once). */
  receiptMail(orderId: string): Promise<Mail | undefined>;
}

export interface CartOrderHooksDeps {
  db: Db;
  clock: () => Date;
  publicUrl: string;
  owners: { getIdentity(identityId: string): Promise<{ emailAddress: string } | undefined> };
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
}

export function createCartOrderHooks({
  db,
  clock,
  publicUrl,
  owners,
  log,
}: CartOrderHooksDeps): CartOrderHooks {
  return {
    async onPaid(tx, orderId) {
      const order = await repo.findCartOrder(tx, orderId);
      if (!order) return;
      const consumed = await repo.consumeHolds(tx, orderId);
      if (consumed === 0) {
        // Paid after its hold expired and was released (a slow 3D Secure, a late webhook): the
        // tubs are taken again; if the shelf is empty meanwhile the operator must see it.
        const items = await repo.listItems(tx, orderId);
        for (const item of items) {
          if (!(await repo.takeStock(tx, item.productId, item.quantity))) {
            log.error({ orderId, productId: item.productId }, 'a paid cart order has no stock left');
          }
        }
        const now = clock();
        await repo.insertHolds(tx, orderId, items, now, now);
        await repo.consumeHolds(tx, orderId);
      }
      if (order.couponId && !(await repo.redemptionOf(tx, orderId))) {
        // Normally claimed at checkout; claimed now if its claim was given back (a savepoint, so a
        // coupon used up meanwhile never undoes the payment's record).
        await tx
          .transaction(async (sp) =>
            redeemCoupon(
              sp as unknown as Db,
              order.couponId!,
              order.identityId,
              orderId,
              order.discountCents,
            ),
          )
          .catch((error: unknown) => log.warn({ err: error, orderId }, 'coupon could not be redeemed'));
      }
      if (order.cartId) {
        await repo.setCartState(tx, order.cartId, { status: 'ordered', orderId, updatedAt: clock() });
      }
    },

    async receiptMail(orderId) {
      const order = await repo.findCartOrder(db, orderId);
      if (!order) return undefined;
      const owner = await owners.getIdentity(order.identityId);
      if (!owner) return undefined;
      const items = await repo.listItems(db, orderId);
      const ids = items.map((i) => i.productId);
      const titles = new Map(
        (ids.length
          ? await db
              .select({ id: products.id, title: products.title, flavor: products.flavor })
              .from(products)
              .where(inArray(products.id, ids))
          : []
        ).map((p) => [p.id, productName(p)]),
      );
      const s = order.shipping;
      return cartReceiptMail({
        to: owner.emailAddress,
        orderNumber: order.orderNumber ?? order.id,
        orderUrl: `${publicUrl}/thank-you/${order.id}`,
        shopUrl: `${publicUrl}/shop`,
        lines: items.map((i) => ({
          title: titles.get(i.productId) ?? `Product ${i.productId}`,
          quantity: i.quantity,
          lineCents: i.priceCents,
          lineListCents: (i.listPriceCents ?? 0) * i.quantity,
        })),
        subtotalCents: order.priceCents,
        discountCents: order.discountCents,
        couponCode: order.couponId ? await repo.couponCode(db, order.couponId) : null,
        handlingFeeCents: order.handlingFeeCents,
        taxCents: order.taxCents,
        totalCents: order.totalCents,
        last4: order.paymentMethodLast4,
        shipTo: s
          ? `${s.firstName} ${s.lastName}, ${s.street1}, ${s.city}, ${s.state} ${s.postalCode}`
          : null,
      });
    },
  };
}
