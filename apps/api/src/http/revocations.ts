import { ACCESS_TOKEN_TTL_SECONDS } from '@store/contracts';
import { openResilientRedis, redisReady } from './rate-limit.ts';

/**
 * Sessions whose access tokens are refused before they expire: a logout, a password change or
 * reset, a refresh-token reuse. A session id is the refresh-token family the access token was
 * issued for. An entry only needs to outlive the access tokens it refuses, so it expires with them.
 * Checking a token reads memory (and, with Redis, at most one small read per session a second),
 * never the database.
 */
export interface Revocations {
  revoke(sessionIds: readonly string[]): Promise<void>;
  isRevoked(sessionId: string): Promise<boolean>;
  /** Resolves once a shared store is connected, or after `timeoutMs`. */
  ready?(timeoutMs: number): Promise<void>;
  close(): Promise<void>;
}

const ENTRY_TTL_MS = ACCESS_TOKEN_TTL_SECONDS * 1000 + 60_000;

/** One process: the revocations live in this map. */
export function createMemoryRevocations(now: () => number = Date.now): Revocations {
  const revoked = new Map<string, number>();
  let sweeps = 0;
  return {
    async revoke(sessionIds) {
      const until = now() + ENTRY_TTL_MS;
      for (const id of sessionIds) revoked.set(id, until);
    },
    async isRevoked(sessionId) {
      const t = now();
      if (++sweeps % 1000 === 0) for (const [k, until] of revoked) if (until <= t) revoked.delete(k);
      const until = revoked.get(sessionId);
      return until !== undefined && until > t;
    },
    async close() {
      revoked.clear();
    },
  };
}

/** How long a process trusts "not revoked" read from Redis before it asks again. */
export const REVOCATION_CACHE_MS = 1000;

/**
 * Several processes: revocations are written to Redis (and to this process's memory at once), and
 * a "not revoked" answer is cached for a second, so another process refuses the token within a
 * second. While Redis cannot answer, the token is judged by `fallback`, which reads the sessions
 * ended in the database (docs/reliability.md#h1): an error is never taken as "not revoked" (if
 * the database fails too, the request fails with it). Revocations that could not be written to
 * Redis are written once it is back, so the other processes learn them too.
 */
export function createRedisRevocations(
  url: string,
  now: () => number = Date.now,
  keyPrefix = '',
  fallback: (sessionId: string) => Promise<boolean> = async () => {
    throw new Error('Redis is unreachable and no other record of ended sessions was given');
  },
  onOutage?: (error: Error) => void,
): Revocations {
  const redis = openResilientRedis(url, onOutage);
  const local = createMemoryRevocations(now);
  const checked = new Map<string, number>();
  // Written to memory and the database, not yet to Redis (bounded: the oldest go first).
  const unsent = new Set<string>();
  const send = async (sessionIds: readonly string[]) => {
    const multi = redis.multi();
    for (const id of sessionIds) multi.set(`${keyPrefix}rv:${id}`, '1', 'PX', ENTRY_TTL_MS);
    await multi.exec();
  };
  redis.on('ready', () => {
    if (unsent.size === 0) return;
    const ids = [...unsent];
    unsent.clear();
    send(ids).catch(() => {
      for (const id of ids) unsent.add(id);
    });
  });
  return {
    async revoke(sessionIds) {
      await local.revoke(sessionIds);
      if (sessionIds.length === 0) return;
      try {
        if (redis.status !== 'ready') throw new Error('Redis is not connected');
        await send(sessionIds);
      } catch {
        for (const id of sessionIds) {
          if (unsent.size >= 10_000) unsent.delete(unsent.values().next().value as string);
          unsent.add(id);
        }
      }
    },
    async isRevoked(sessionId) {
      if (await local.isRevoked(sessionId)) return true;
      const t = now();
      const checkedAt = checked.get(sessionId);
      if (checkedAt !== undefined && t - checkedAt < REVOCATION_CACHE_MS) return false;
      let found: boolean;
      try {
        if (redis.status !== 'ready') throw new Error('Redis is not connected');
        found = (await redis.exists(`${keyPrefix}rv:${sessionId}`)) > 0;
      } catch {
        found = await fallback(sessionId);
      }
      if (found) {
        await local.revoke([sessionId]);
        return true;
      }
      if (checked.size > 10_000) checked.clear();
      checked.set(sessionId, t);
      return false;
    },
    ready: (timeoutMs) => redisReady(redis, timeoutMs),
    async close() {
      await local.close();
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
