import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import type { PaymentProvider } from '../provider/payment-provider.ts';
import type { WebhookIntake } from './webhook-intake.ts';

/*
 * Event reconciliation (docs/payments.md#event-reconciliation, docs/reliability.md#e5). A webhook can be
 * lost for good (our endpoint down longer than the provider retries, a misconfigured secret). The
 * payment reconciliation only asks about our own attempts, so an event with no attempt behind it
 * (a refund or a dispute made in Stripe's dashboard) would never reach the store. This pass lists
 * the provider's events created since a checkpoint kept in the database and applies each through
 * the webhook's own intake, so an event already received by webhook changes nothing.
 */

/** Events are read again from this far before the checkpoint: Stripe's list is not instant. */
export const EVENT_OVERLAP_MS = 5 * 60 * 1000;
/** With no checkpoint yet, the first pass starts this far back (Stripe keeps events 30 days). */
export const FIRST_PASS_MS = 3 * 24 * 60 * 60 * 1000;
/** How often the scheduler runs the pass. */
export const EVENT_RECONCILIATION_INTERVAL_MS = 5 * 60 * 1000;

export interface EventReconciliationReport {
  /** Events the provider listed since the checkpoint (minus the overlap). */
  listed: number;
  /** Events this pass applied (the others were known already). */
  applied: number;
  /** Events whose effect failed; they are read again by the next pass. */
  failed: number;
  /** Where the next pass starts. */
  checkpoint: string;
}

export function createEventReconciliation(deps: {
  db: Db;
  clock: () => Date;
  payments: Pick<PaymentProvider, 'name' | 'listEvents'>;
  intake: Pick<WebhookIntake, 'apply'>;
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
}) {
  const { db, clock, payments, intake, log } = deps;

  async function checkpoint(): Promise<Date | undefined> {
    const result = await db.execute<{ created_after: string | Date }>(sql`
      SELECT created_after FROM provider_event_checkpoints WHERE provider = ${payments.name}`);
    const row = result.rows[0];
    return row ? new Date(row.created_after) : undefined;
  }

  async function saveCheckpoint(createdAfter: Date, lastEventId: string | null, applied: number) {
    const now = clock();
    await db.execute(sql`
      INSERT INTO provider_event_checkpoints (provider, created_after, last_event_id, events_applied, updated_at)
      VALUES (${payments.name}, ${createdAfter.toISOString()}, ${lastEventId}, ${applied}, ${now.toISOString()})
      ON CONFLICT (provider) DO UPDATE SET
        created_after = EXCLUDED.created_after,
        last_event_id = coalesce(EXCLUDED.last_event_id, provider_event_checkpoints.last_event_id),
        events_applied = provider_event_checkpoints.events_applied + EXCLUDED.events_applied,
        updated_at = EXCLUDED.updated_at`);
  }

  return {
    /** One pass: events since the checkpoint, oldest first, each applied once; then the checkpoint moves. */
    async run(): Promise<EventReconciliationReport> {
      const now = clock();
      const since = (await checkpoint()) ?? new Date(now.getTime() - FIRST_PASS_MS);
      const events = await payments.listEvents({
        createdAfter: new Date(since.getTime() - EVENT_OVERLAP_MS),
      });
      let applied = 0;
      let failed = 0;
      let firstFailure: Date | undefined;
      for (const event of events) {
        try {
          const receipt = await intake.apply(event);
          if (receipt.outcome === 'processed') {
            applied++;
            log.info(
              { eventId: event.id, eventType: event.type },
              'event reconciliation applied a missed event',
            );
          }
        } catch (error) {
          // Not acknowledged: the checkpoint stops before it, so the next pass tries it again.
          firstFailure ??= event.createdAt;
          failed++;
          log.warn(
            { err: error, eventId: event.id, eventType: event.type },
            'a listed event could not be applied yet',
          );
        }
      }
      const newest = events.at(-1);
      // The checkpoint never passes an event that failed (it may move back to it: events applied
      // before are known by id and change nothing when read again).
      const next = firstFailure ? new Date(firstFailure.getTime() - 1000) : newest ? newest.createdAt : since;
      await saveCheckpoint(next, newest?.id ?? null, applied);
      return {
        listed: events.length,
        applied,
        failed,
        checkpoint: next.toISOString(),
      };
    },
  };
}

export type EventReconciliation = ReturnType<typeof createEventReconciliation>;
