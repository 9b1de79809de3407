import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';

/*
 * Work that must follow a commit exactly once in effect (docs/reliability.md#e4: the confirmation mail,
 * C11: a refund): written in the transaction that causes it, done afterwards by whoever flushes.
 * A flusher leases a row for a minute, so two processes never do the same job at once, and a
 * process that dies mid-job leaves it to the next flush.
 */

/** `settle`: a provider event about an order we could not see yet; retried until it can be reconciled. */
export type OutboxKind = 'order-confirmation' | 'refund' | 'settle';

export interface OutboxJob {
  id: string;
  kind: OutboxKind;
  /** `reason: 'sold_out'`: a shop order paid after its tubs sold out (its own mail). */
  payload: { orderId: string; paymentIntentId?: string; reason?: 'sold_out' };
  attempts: number;
}

const LEASE_MS = 60_000;
/** After this many failures a job waits for an operator instead of retrying forever. */
export const OUTBOX_MAX_ATTEMPTS = 10;

/** Inside the causing transaction: queues a job once per `dedupeKey`. */
export async function enqueue(
  tx: Db,
  job: { kind: OutboxKind; dedupeKey: string; payload: OutboxJob['payload']; now: Date },
): Promise<void> {
  await tx.execute(sql`
    INSERT INTO outbox (id, dedupe_key, kind, payload, created_at)
    VALUES (${randomUUID()}, ${job.dedupeKey}, ${job.kind}, ${JSON.stringify(job.payload)}::jsonb, ${job.now.toISOString()})
    ON CONFLICT (dedupe_key) DO NOTHING`);
}

/** Leases the oldest job that is due, or undefined. */
async function leaseNext(db: Db, now: Date): Promise<OutboxJob | undefined> {
  const result = await db.execute<{ id: string; kind: OutboxKind; payload: unknown; attempts: number }>(sql`
    UPDATE outbox SET locked_until = ${new Date(now.getTime() + LEASE_MS).toISOString()}, attempts = attempts + 1
    WHERE id = (
      SELECT id FROM outbox
      WHERE done_at IS NULL AND attempts < ${OUTBOX_MAX_ATTEMPTS}
        AND (locked_until IS NULL OR locked_until < ${now.toISOString()})
      ORDER BY created_at LIMIT 1 FOR UPDATE SKIP LOCKED)
    RETURNING id, kind, payload, attempts`);
  const row = result.rows[0];
  if (!row) return undefined;
  const payload = typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload;
  return { id: row.id, kind: row.kind, payload: payload as OutboxJob['payload'], attempts: row.attempts };
}

/** Runs due jobs one at a time (at most `limit`); a failed job is retried by a later flush. */
export async function flushOutbox(
  deps: { db: Db; clock: () => Date; log: { error(obj: object, msg: string): void } },
  handle: (job: OutboxJob) => Promise<void>,
  limit = 20,
): Promise<number> {
  let done = 0;
  for (let i = 0; i < limit; i++) {
    const job = await leaseNext(deps.db, deps.clock());
    if (!job) break;
    try {
      await handle(job);
      await deps.db.execute(
        sql`UPDATE outbox SET done_at = ${deps.clock().toISOString()}, last_error = NULL WHERE id = ${job.id}`,
      );
      done++;
    } catch (error) {
      const message = error instanceof Error ? error.message.slice(0, 500) : 'failed';
      deps.log.error({ err: error, jobKind: job.kind, jobId: job.id }, 'outbox job failed');
      await deps.db.execute(sql`UPDATE outbox SET last_error = ${message} WHERE id = ${job.id}`);
    }
  }
  return done;
}
