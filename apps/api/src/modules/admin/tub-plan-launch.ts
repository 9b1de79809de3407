import type { TubPlanLaunchResult } from '@store/contracts';
import type { Db } from '../../db/database.ts';
import { conflict } from '../../http/errors.ts';
import { insertAuditRow } from './admin.repository.ts';
import type { Actor } from './admin.service.ts';

/** What launching the tub plans takes, given by the composition root (the tub plans' service). */
export interface TubPlanLauncher {
  /** Records the launch once and queues the pre-order holders' mails, in the given transaction. */
  launch(tx: Db, at: Date, actorId: string | null): Promise<TubPlanLaunchResult>;
  /** Sends the queued mails once the launch committed. */
  sendMails(at: Date): Promise<number>;
}

/**
 * POST /admin/tub-plans/launch (docs/product.md#tub-plans): idempotent; the first call launches,
 * mails each paid pre-order holder and writes one audit row in the same transaction; later calls
 * answer the launch as it was and change nothing.
 */
export function createTubPlanLaunch(deps: { db: Db; clock: () => Date; launcher?: TubPlanLauncher }) {
  return async function launchTubPlans(actor: Actor): Promise<TubPlanLaunchResult> {
    const launcher = deps.launcher;
    if (!launcher) throw conflict('Tub plans are not available in this store.');
    const at = deps.clock();
    const result = await deps.db.transaction(async (tx) => {
      const launched = await launcher.launch(tx, at, actor.id);
      if (launched.launchedNow) {
        await insertAuditRow(tx, {
          actorIdentityId: actor.id,
          actorEmail: actor.email,
          action: 'tub_plans.launch',
          entityType: 'tub_plans',
          entityId: 'launch',
          before: { launched: false },
          after: { launched: true, launchedAt: launched.launchedAt, mailed: launched.mailed },
          createdAt: at,
        });
      }
      return launched;
    });
    if (result.launchedNow) await launcher.sendMails(at);
    return result;
  };
}
