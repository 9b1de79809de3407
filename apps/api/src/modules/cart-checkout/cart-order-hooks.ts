import { productName } from '@store/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.ts';
import { cartOrdering, redeemCoupon } from '../cart/index.ts';
import { productTitles, tubStock } from '../catalog/index.ts';
import type { CartOrderHooks } from '../checkout/index.ts';
import { cartReceiptMail, soldOutRefundMail, usd } from '../mail/index.ts';
import * as repo from './cart-checkout.repository.ts';

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
  async function productNames(ids: number[]): Promise<Map<number, string>> {
    if (ids.length === 0) return new Map();
    const rows = await productTitles(db, ids);
    return new Map(rows.map((p) => [p.id, productName(p)]));
  }

  return {
    async onPaid(tx, orderId) {
      const order = await repo.findCartOrder(tx, orderId);
      if (!order) return 'kept';
      const consumed = await repo.consumeHolds(tx, orderId);
      if (consumed === 0) {
        // Paid after its hold expired and was released (a slow 3D Secure, a late webhook): the
        // tubs are taken again. If the shelf is empty meanwhile, the payment cannot be kept: what
        // was taken goes back and the caller refunds it (docs/reliability.md#c11).
        const items = await repo.listItems(tx, orderId);
        const taken: typeof items = [];
        for (const item of items) {
          if (!(await tubStock.take(tx, item.productId, item.quantity))) {
            for (const back of taken) await tubStock.putBack(tx, back.productId, back.quantity);
            log.warn(
              { orderId, productId: item.productId },
              'a cart order paid after its hold expired is sold out',
            );
            // The refunded order lets go of its cart, which is open again for another checkout.
            await repo.updateOrder(tx, orderId, { cartId: null, updatedAt: clock() });
            if (order.cartId) {
              await cartOrdering.setCartState(tx, order.cartId, {
                status: 'open',
                orderId: null,
                updatedAt: clock(),
              });
            }
            return 'sold_out';
          }
          taken.push(item);
        }
        const now = clock();
        await repo.insertHolds(tx, orderId, items, now, now);
        await repo.consumeHolds(tx, orderId);
      }
      if (order.couponId && !(await cartOrdering.redemptionOf(tx, orderId))) {
        // Normally claimed at checkout; claimed now if its claim was given back (a savepoint, so a
        // coupon used up meanwhile never undoes the payment's record).
        await tx
          .transaction(async (sp) =>
            redeemCoupon(sp, order.couponId!, order.identityId, orderId, order.discountCents),
          )
          .catch((error: unknown) => log.warn({ err: error, orderId }, 'coupon could not be redeemed'));
      }
      if (order.cartId) {
        await cartOrdering.setCartState(tx, order.cartId, { status: 'ordered', orderId, updatedAt: clock() });
      }
      return 'kept';
    },

    async soldOutRefundMail(orderId, amountCents) {
      const order = await repo.findCartOrder(db, orderId);
      if (!order) return undefined;
      const owner = await owners.getIdentity(order.identityId);
      if (!owner) return undefined;
      const items = await repo.listItems(db, orderId);
      const names = await productNames(items.map((i) => i.productId));
      return soldOutRefundMail(owner.emailAddress, {
        number: order.orderNumber ?? order.id,
        amount: usd(amountCents),
        products: items.map((i) => names.get(i.productId) ?? `Product ${i.productId}`),
        orderUrl: `${publicUrl}/thank-you/${order.id}`,
        shopUrl: `${publicUrl}/shop`,
      });
    },

    async receiptMail(orderId) {
      const order = await repo.findCartOrder(db, orderId);
      if (!order) return undefined;
      const owner = await owners.getIdentity(order.identityId);
      if (!owner) return undefined;
      const items = await repo.listItems(db, orderId);
      const titles = await productNames(items.map((i) => i.productId));
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
        couponCode: order.couponId ? await cartOrdering.couponCode(db, order.couponId) : null,
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
