import { randomUUID } from 'node:crypto';
import type { Config } from '../../config/env.ts';
import type { Db } from '../../db/database.ts';
import * as repo from './orders.repository.ts';

/** The quiz's first box: created once per quiz with its 2 prime picks, re-picked while unpaid. */
export function createFirstBoxOrders({
  db,
  config,
  clock,
}: {
  db: Db;
  config: Pick<Config, 'planPriceCents' | 'handlingFeeCents'>;
  clock: () => Date;
}) {
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
      return db.transaction(async (t) => {
        const price = config.planPriceCents;
        const handling = config.handlingFeeCents;
        const now = clock();
        const inserted = await repo.insertOrderIfAbsent(t, {
          id: randomUUID(),
          identityId: input.identityId,
          quizId: input.quizId,
          kind: 'first_box',
          status: 'draft',
          priceCents: price,
          handlingFeeCents: handling,
          // Tax needs the shipping address; it is computed at checkout (UpdateTaxInfo).
          taxCents: 0,
          totalCents: price + handling,
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
      return db.transaction(async (t) => {
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
  };
}
