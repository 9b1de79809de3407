import { randomUUID } from 'node:crypto';
import type { Config } from '../../config/env.ts';
import type { Db } from '../../db/database.ts';
import * as repo from './orders.repository.ts';

/** Order statuses that mean the member paid for the box (DESIGN §5: what was in a paid box is unlocked). */
export const PAID_ORDER_STATUSES = ['paid', 'processing', 'shipped', 'delivered', 'completed'] as const;

export interface OrdersServiceDeps {
  db: Db;
  config: Pick<Config, 'planPriceCents' | 'handlingFeeCents'>;
  clock: () => Date;
}

export type OrdersService = ReturnType<typeof createOrdersService>;

/**
 * The first box's order as the quiz results create it. The payments issue extends this module
 * (checkout, tax, paying); here the order is a draft priced from the configured plan.
 */
export function createOrdersService({ db, config, clock }: OrdersServiceDeps) {
  return {
    /**
     * The quiz's first-box order with its 2 prime picks, created once: a second call, even at
     * the same moment, answers the order the first one made.
     */
    async createFirstBoxOrder(input: {
      identityId: string;
      quizId: string;
      primePickIds: readonly number[];
    }): Promise<{ orderId: string; created: boolean }> {
      const existing = await repo.findFirstBoxOrder(db, input.quizId);
      if (existing) return { orderId: existing.id, created: false };
      return db.transaction(async (tx) => {
        const t = tx as unknown as Db;
        const price = config.planPriceCents;
        const handling = config.handlingFeeCents;
        const tax = 0;
        const now = clock();
        const inserted = await repo.insertOrderIfAbsent(t, {
          id: randomUUID(),
          identityId: input.identityId,
          quizId: input.quizId,
          kind: 'first_box',
          status: 'draft',
          priceCents: price,
          handlingFeeCents: handling,
          taxCents: tax,
          totalCents: price + handling + tax,
          createdAt: now,
          updatedAt: now,
        });
        if (!inserted) {
          // Another request created it between our read and our insert; it committed first.
          const winner = await repo.findFirstBoxOrder(t, input.quizId);
          if (!winner) throw new Error('first-box order vanished after a conflict');
          return { orderId: winner.id, created: false };
        }
        await repo.insertItems(
          t,
          inserted.id,
          input.primePickIds.map((productId) => ({
            id: randomUUID(),
            productId,
            isPrimePick: true,
            priceCents: 0,
          })),
        );
        return { orderId: inserted.id, created: true };
      });
    },

    /** Swaps a draft order's prime picks after the quiz changed; a paid order keeps what was bought. */
    async replaceDraftPrimePicks(orderId: string, primePickIds: readonly number[]): Promise<boolean> {
      return db.transaction(async (tx) => {
        const t = tx as unknown as Db;
        const order = await repo.findOrder(t, orderId);
        if (order?.status !== 'draft') return false;
        await repo.deletePrimePicks(t, orderId);
        await repo.insertItems(
          t,
          orderId,
          primePickIds.map((productId) => ({
            id: randomUUID(),
            productId,
            isPrimePick: true,
            priceCents: 0,
          })),
        );
        await repo.touchOrder(t, orderId, clock());
        return true;
      });
    },

    /** The products a member has had in a paid box: these are unlocked in the shop. */
    async unlockedProductIds(identityId: string): Promise<Set<number>> {
      return new Set(await repo.productIdsInOrders(db, identityId, PAID_ORDER_STATUSES));
    },

    getOrder: (id: string) => repo.findOrder(db, id),
    listItems: (orderId: string) => repo.listItems(db, orderId),
  };
}
