import { createHash, randomUUID } from 'node:crypto';
import type { ErrorBody, ErrorCode } from '@store/contracts';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { AppError, badRequest } from '../../http/errors.ts';
import { idempotencyKeys } from './payments.table.ts';

/*
 * The web app's Idempotency-Key (docs/reliability.md#c1, docs/reliability.md#c2, docs/payments.md#cart-checkout-payment): the first request with a key runs
 * and its answer is stored; the same key with the same request replays that answer, with another
 * request it is 422, and while the first still runs it is 409. Like Stripe, a request that failed
 * validation, or failed on our side, is not stored, so a corrected retry can run.
 */

/** Stripe keeps keys at least 24 hours. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/** A lock older than this belongs to a request that died; the next one may take over. */
export const IDEMPOTENCY_LOCK_MS = 2 * 60 * 1000;

/** Errors that are not the request's final answer: a retry with the same key may run again. */
const NOT_STORED: readonly ErrorCode[] = [
  'validation_failed',
  'unauthorized',
  'in_progress',
  'rate_limited',
  'idempotency_mismatch',
  'service_unavailable',
  'internal_error',
];

export interface IdempotentAnswer<T> {
  body: T;
  /** True when this is the stored answer of an earlier request. */
  isReplay: boolean;
}

/** A stable hash of what makes two requests "the same": the route, its query and its body. */
export function requestHash(route: string, query: unknown, body: unknown): string {
  return createHash('sha256')
    .update(`${route}\n${stableJson(query)}\n${stableJson(body)}`)
    .digest('hex');
}

function stableJson(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : 1));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(',')}}`;
}

/** The header's value, or undefined when none was sent; a malformed key is a 400. */
export function readIdempotencyKey(header: string | string[] | undefined): string | undefined {
  if (header === undefined) return undefined;
  const value = Array.isArray(header) ? header[0] : header;
  if (value === undefined || value === '') return undefined;
  if (!/^[\x21-\x7e]{1,255}$/.test(value)) {
    throw badRequest('The Idempotency-Key header must be 1-255 visible ASCII characters.');
  }
  return value;
}

/** What a second request with a key still in use is told: the first one is still at work. */
function busy(route: string): string {
  return route.startsWith('cart/')
    ? 'This change to your cart is already being made.'
    : 'This payment is already being processed.';
}

export function createIdempotencyStore({ db, clock }: { db: Db; clock: () => Date }) {
  async function claim(identityId: string, key: string, route: string, hash: string) {
    for (let tries = 0; tries < 3; tries++) {
      const now = clock();
      const [inserted] = await db
        .insert(idempotencyKeys)
        .values({
          id: randomUUID(),
          identityId,
          idempotencyKey: key,
          route,
          requestHash: hash,
          lockedAt: now,
          createdAt: now,
          expiresAt: new Date(now.getTime() + IDEMPOTENCY_TTL_MS),
        })
        .onConflictDoNothing()
        .returning();
      if (inserted) return { id: inserted.id, lockedAt: now };
      const [row] = await db
        .select()
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.identityId, identityId), eq(idempotencyKeys.idempotencyKey, key)))
        .limit(1);
      if (!row) continue;
      if (row.expiresAt <= now) {
        await db.delete(idempotencyKeys).where(eq(idempotencyKeys.id, row.id));
        continue;
      }
      if (row.route !== route || row.requestHash !== hash) {
        throw new AppError(
          'idempotency_mismatch',
          `This Idempotency-Key was already used for a different request. Use a new key for a new ${route.startsWith('cart/') ? 'change' : 'payment attempt'}.`,
        );
      }
      if (row.responseCode !== null) {
        return { replay: { status: row.responseCode, body: row.responseBody } };
      }
      const isStale = !row.lockedAt || now.getTime() - row.lockedAt.getTime() > IDEMPOTENCY_LOCK_MS;
      if (isStale) {
        // The request that held it died; take it over, unless another request just did.
        const [taken] = await db
          .update(idempotencyKeys)
          .set({ lockedAt: now, recoveryPoint: 'started' })
          .where(and(eq(idempotencyKeys.id, row.id), eq(idempotencyKeys.lockedAt, row.lockedAt!)))
          .returning();
        if (taken) return { id: row.id, lockedAt: now };
      }
      throw new AppError('in_progress', `${busy(route)} Please wait a moment before trying again.`);
    }
    throw new AppError('in_progress', `${busy(route)} Please try again.`);
  }

  return {
    /**
     * Runs `work` once per (identity, key): later requests with the key get its stored answer.
     * Without a key, `work` simply runs.
     */
    async run<T>(
      scope: { identityId: string; key: string | undefined; route: string; hash: string },
      work: () => Promise<T>,
    ): Promise<IdempotentAnswer<T>> {
      if (!scope.key) return { body: await work(), isReplay: false };
      const claimed = await claim(scope.identityId, scope.key, scope.route, scope.hash);
      if ('replay' in claimed) {
        const replay = claimed.replay!;
        if (replay.status >= 400) {
          const stored = replay.body as ErrorBody;
          throw new AppError(stored.code, stored.error_description);
        }
        return { body: replay.body as T, isReplay: true };
      }
      const finish = (responseCode: number, responseBody: unknown) =>
        db
          .update(idempotencyKeys)
          .set({ responseCode, responseBody, lockedAt: null, recoveryPoint: 'finished' })
          .where(eq(idempotencyKeys.id, claimed.id));
      let body: T;
      try {
        body = await work();
      } catch (error) {
        if (error instanceof AppError && !NOT_STORED.includes(error.code)) {
          await finish(error.statusCode, { error_description: error.message, code: error.code });
        } else {
          await db.delete(idempotencyKeys).where(eq(idempotencyKeys.id, claimed.id));
        }
        throw error;
      }
      await finish(200, body);
      return { body, isReplay: false };
    },
  };
}

export type IdempotencyStore = ReturnType<typeof createIdempotencyStore>;
