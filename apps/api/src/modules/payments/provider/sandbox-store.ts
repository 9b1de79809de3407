import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import { sandboxIdempotencyKeys, sandboxObjects, sandboxPaymentIntents } from './sandbox.table.ts';

/*
 * Where the sandbox keeps its Stripe-shaped objects: in the database for the store (a restart or
 * a crash loses nothing, so reconciliation can find a PaymentIntent again), or in memory for the
 * loopback stand-in that tests point stripe-node at.
 */

export type SandboxObjectKind = 'customer' | 'payment_method' | 'charge' | 'refund' | 'dispute' | 'event';

/** What a second request with an idempotency key finds. */
export type KeyClaim =
  | { state: 'new' }
  | { state: 'replay'; statusCode: number; response: unknown }
  | { state: 'mismatch' }
  | { state: 'in_progress' };

export interface SandboxPaymentIntentRecord {
  data: { id: string; status: string; customer: string | null; metadata: Record<string, string> };
  idempotencyKey?: string;
  createdAt: Date;
}

export interface SandboxStore {
  /** A number never handed out before by this store; ids are derived from it. */
  nextSequence(): Promise<number>;
  getObject(id: string): Promise<{ kind: SandboxObjectKind; data: unknown } | undefined>;
  putObject(kind: SandboxObjectKind, id: string, data: unknown, now: Date): Promise<void>;
  getPaymentIntent(id: string): Promise<unknown | undefined>;
  putPaymentIntent(pi: SandboxPaymentIntentRecord['data'], now: Date, idempotencyKey?: string): Promise<void>;
  findPaymentIntentsByOrder(orderId: string): Promise<unknown[]>;
  /** Events created after `createdAfterSeconds` (Stripe's `created[gt]`), newest first as Stripe lists them. */
  listEvents(createdAfterSeconds: number): Promise<unknown[]>;
  /** Takes a key for a request, or reports what an earlier request with it left. */
  claimKey(key: string, requestHash: string, now: Date, ttlMs: number): Promise<KeyClaim>;
  completeKey(key: string, statusCode: number, response: unknown): Promise<void>;
  /** Forgets a key whose request failed validation, so a corrected retry can use it (Stripe). */
  releaseKey(key: string): Promise<void>;
}

export function createMemorySandboxStore(): SandboxStore {
  let sequence = 0;
  const objects = new Map<string, { kind: SandboxObjectKind; data: unknown }>();
  /** Event ids in the order they were emitted. */
  const events: string[] = [];
  const intents = new Map<string, SandboxPaymentIntentRecord>();
  const keys = new Map<
    string,
    { hash: string; createdAt: number; statusCode?: number; response?: unknown }
  >();
  const clone = <T>(value: T): T => structuredClone(value);
  return {
    async nextSequence() {
      return ++sequence;
    },
    async getObject(id) {
      const found = objects.get(id);
      return found && { kind: found.kind, data: clone(found.data) };
    },
    async putObject(kind, id, data) {
      if (kind === 'event' && !objects.has(id)) events.push(id);
      objects.set(id, { kind, data: clone(data) });
    },
    async listEvents(createdAfterSeconds) {
      return events
        .map((id) => objects.get(id)!.data as { created: number })
        .filter((event) => event.created > createdAfterSeconds)
        .reverse()
        .map(clone);
    },
    async getPaymentIntent(id) {
      const found = intents.get(id);
      return found && clone(found.data);
    },
    async putPaymentIntent(pi, now, idempotencyKey) {
      const existing = intents.get(pi.id);
      intents.set(pi.id, {
        data: clone(pi),
        idempotencyKey: existing?.idempotencyKey ?? idempotencyKey,
        createdAt: existing?.createdAt ?? now,
      });
    },
    async findPaymentIntentsByOrder(orderId) {
      return [...intents.values()]
        .filter((record) => record.data.metadata.order_id === orderId)
        .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
        .map((record) => clone(record.data));
    },
    async claimKey(key, requestHash, now, ttlMs) {
      const found = keys.get(key);
      if (!found || found.createdAt + ttlMs <= now.getTime()) {
        keys.set(key, { hash: requestHash, createdAt: now.getTime() });
        return { state: 'new' };
      }
      if (found.hash !== requestHash) return { state: 'mismatch' };
      if (found.statusCode === undefined) return { state: 'in_progress' };
      return { state: 'replay', statusCode: found.statusCode, response: clone(found.response) };
    },
    async completeKey(key, statusCode, response) {
      const found = keys.get(key);
      if (found) Object.assign(found, { statusCode, response: clone(response) });
    },
    async releaseKey(key) {
      keys.delete(key);
    },
  };
}

export function createDbSandboxStore(db: Db): SandboxStore {
  return {
    async nextSequence() {
      const result = await db.execute<{ n: string | number }>(sql`SELECT nextval('sandbox_id_seq') AS n`);
      return Number(result.rows[0]!.n);
    },
    async getObject(id) {
      const [row] = await db.select().from(sandboxObjects).where(eq(sandboxObjects.id, id));
      return row && { kind: row.kind as SandboxObjectKind, data: row.data };
    },
    async putObject(kind, id, data, now) {
      await db
        .insert(sandboxObjects)
        .values({ id, kind, data, createdAt: now })
        .onConflictDoUpdate({ target: sandboxObjects.id, set: { data } });
    },
    async listEvents(createdAfterSeconds) {
      // Newest first; within one second the later sequence number (the id's source) cannot be read
      // back, so the insertion time and then the id order them, as a stable order is all Stripe promises.
      const result = await db.execute<{ data: unknown }>(sql`
        SELECT data FROM sandbox_objects
        WHERE kind = 'event' AND (data->>'created')::bigint > ${createdAfterSeconds}
        ORDER BY (data->>'created')::bigint DESC, created_at DESC, id DESC`);
      return result.rows.map((row) => (typeof row.data === 'string' ? JSON.parse(row.data) : row.data));
    },
    async getPaymentIntent(id) {
      const [row] = await db
        .select({ data: sandboxPaymentIntents.data })
        .from(sandboxPaymentIntents)
        .where(eq(sandboxPaymentIntents.id, id));
      return row?.data;
    },
    async putPaymentIntent(pi, now, idempotencyKey) {
      await db
        .insert(sandboxPaymentIntents)
        .values({
          id: pi.id,
          orderId: pi.metadata.order_id ?? null,
          customerId: pi.customer,
          idempotencyKey: idempotencyKey ?? null,
          status: pi.status,
          data: pi,
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoUpdate({
          target: sandboxPaymentIntents.id,
          set: { status: pi.status, customerId: pi.customer, data: pi, updatedAt: now },
        });
    },
    async findPaymentIntentsByOrder(orderId) {
      const rows = await db
        .select({ data: sandboxPaymentIntents.data })
        .from(sandboxPaymentIntents)
        .where(eq(sandboxPaymentIntents.orderId, orderId))
        .orderBy(asc(sandboxPaymentIntents.createdAt), asc(sandboxPaymentIntents.id));
      return rows.map((row) => row.data);
    },
    async claimKey(key, requestHash, now, ttlMs) {
      const table = sandboxIdempotencyKeys;
      // Twice at most: the second round follows an expired key being cleared.
      for (let round = 0; round < 2; round++) {
        const inserted = await db
          .insert(table)
          .values({ idempotencyKey: key, requestHash, createdAt: now })
          .onConflictDoNothing()
          .returning({ key: table.idempotencyKey });
        if (inserted.length > 0) return { state: 'new' };
        const [row] = await db.select().from(table).where(eq(table.idempotencyKey, key));
        if (!row) continue;
        if (row.createdAt.getTime() + ttlMs <= now.getTime()) {
          await db
            .delete(table)
            .where(and(eq(table.idempotencyKey, key), eq(table.createdAt, row.createdAt)));
          continue;
        }
        if (row.requestHash !== requestHash) return { state: 'mismatch' };
        if (row.statusCode === null) return { state: 'in_progress' };
        return { state: 'replay', statusCode: row.statusCode, response: row.response };
      }
      return { state: 'in_progress' };
    },
    async completeKey(key, statusCode, response) {
      await db
        .update(sandboxIdempotencyKeys)
        .set({ statusCode, response })
        .where(eq(sandboxIdempotencyKeys.idempotencyKey, key));
    },
    async releaseKey(key) {
      await db.delete(sandboxIdempotencyKeys).where(eq(sandboxIdempotencyKeys.idempotencyKey, key));
    },
  };
}
