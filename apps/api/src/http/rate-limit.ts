import type { FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import { AppError } from './errors.ts';

/** Fixed-window counters; in process, or in Redis so several API processes share them. */
export interface RateLimiter {
  /** Counts one hit on `key` and says whether it is within `max` per `windowMs`. */
  hit(key: string, max: number, windowMs: number): Promise<{ allowed: boolean; retryAfterSeconds: number }>;
  /** Forgets a key (a successful login clears its failures). */
  reset(key: string): Promise<void>;
  /**
   * Takes back one hit on `key` in its current window (never below zero): a slot reserved before
   * the outcome was known, returned once it is known not to count (docs/reliability.md#a4).
   */
  giveBack(key: string): Promise<void>;
  /** Resolves once a shared store is connected, or after `timeoutMs` (the store starts anyway). */
  ready?(timeoutMs: number): Promise<void>;
  close(): Promise<void>;
}

/**
 * `scale` multiplies every limit: 1 in production; browser-test runs raise it because all their
 * simulated customers come from one loopback address.
 */
export function createMemoryRateLimiter(now: () => number = Date.now, scale = 1): RateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  let sweeps = 0;
  const retryAfter = (resetAt: number, t: number) => Math.max(1, Math.ceil((resetAt - t) / 1000));
  return {
    async hit(key, max, windowMs) {
      const t = now();
      // Drop expired windows now and then so memory stays bounded under many keys.
      if (++sweeps % 1000 === 0) for (const [k, w] of windows) if (w.resetAt <= t) windows.delete(k);
      let w = windows.get(key);
      if (!w || w.resetAt <= t) {
        w = { count: 0, resetAt: t + windowMs };
        windows.set(key, w);
      }
      w.count++;
      return { allowed: w.count <= max * scale, retryAfterSeconds: retryAfter(w.resetAt, t) };
    },
    async reset(key) {
      windows.delete(key);
    },
    async giveBack(key) {
      const w = windows.get(key);
      if (w && w.resetAt > now() && w.count > 0) w.count--;
    },
    async close() {
      windows.clear();
    },
  };
}

/**
 * How long a Redis command may take before the process answers from its own counters instead
 * (docs/reliability.md#h1).
 */
export const REDIS_COMMAND_TIMEOUT_MS = 1000;

/**
 * A Redis connection that never makes a request wait for an absent Redis: commands are refused at
 * once while it is not connected (no offline queue) and cut after `REDIS_COMMAND_TIMEOUT_MS`; it
 * reconnects by itself, every second at most, when Redis comes back.
 */
export function openResilientRedis(url: string, onOutage?: (error: Error) => void): Redis {
  const redis = new Redis(url, {
    lazyConnect: false,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    connectTimeout: 2000,
    retryStrategy: (times) => Math.min(100 * times, 1000),
  });
  // Without a listener ioredis prints every failed reconnect; one line per outage is enough.
  let down = false;
  redis.on('error', (error: Error) => {
    if (!down) onOutage?.(error);
    down = true;
  });
  redis.on('ready', () => {
    down = false;
  });
  return redis;
}

/** Resolves when `redis` is connected, or after `timeoutMs` whatever its state. */
export function redisReady(redis: Redis, timeoutMs: number): Promise<void> {
  if (redis.status === 'ready') return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      redis.off('ready', done);
      resolve();
    };
    const timer = setTimeout(done, timeoutMs);
    redis.once('ready', done);
  });
}

const GIVE_BACK_SCRIPT =
  "local v = tonumber(redis.call('GET', KEYS[1]) or '0') if v > 0 then redis.call('DECR', KEYS[1]) end return 0";

/**
 * Counters shared through Redis. While Redis cannot be reached, each process counts on its own
 * (the limits then hold per process), and goes back to Redis once it answers again
 * (docs/reliability.md#h1): a Redis outage never turns a request into an error.
 */
export function createRedisRateLimiter(
  url: string,
  scale = 1,
  keyPrefix = '',
  onOutage?: (error: Error) => void,
): RateLimiter {
  const redis = openResilientRedis(url, onOutage);
  const local = createMemoryRateLimiter(Date.now, scale);
  async function either<T>(remote: () => Promise<T>, fallback: () => Promise<T>): Promise<T> {
    if (redis.status !== 'ready') return fallback();
    try {
      return await remote();
    } catch {
      return fallback();
    }
  }
  return {
    hit: (key, max, windowMs) =>
      either(
        async () => {
          const k = `${keyPrefix}rl:${key}`;
          const results = await redis.multi().incr(k).pexpire(k, windowMs, 'NX').pttl(k).exec();
          const count = Number(results?.[0]?.[1] ?? 0);
          const ttl = Number(results?.[2]?.[1] ?? windowMs);
          return { allowed: count <= max * scale, retryAfterSeconds: Math.max(1, Math.ceil(ttl / 1000)) };
        },
        () => local.hit(key, max, windowMs),
      ),
    ready: (timeoutMs) => redisReady(redis, timeoutMs),
    async reset(key) {
      await local.reset(key);
      await either(
        async () => {
          await redis.del(`${keyPrefix}rl:${key}`);
        },
        async () => {},
      );
    },
    giveBack: (key) =>
      either(
        async () => {
          // Decrements only a counter still in its window and above zero, in one step.
          await redis.eval(GIVE_BACK_SCRIPT, 1, `${keyPrefix}rl:${key}`);
        },
        () => local.giveBack(key),
      ),
    async close() {
      await local.close();
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}

export interface LimitRule {
  /** Names the counter ("login-ip"). */
  name: string;
  max: number;
  windowMs: number;
}

/** Throws 429 with `retry-after` when `key` is over its rule. */
export async function enforceLimit(limiter: RateLimiter, rule: LimitRule, key: string): Promise<void> {
  const { allowed, retryAfterSeconds } = await limiter.hit(`${rule.name}:${key}`, rule.max, rule.windowMs);
  if (!allowed) {
    throw new AppError('rate_limited', 'Too many attempts. Please wait a little and try again.', {
      headers: { 'retry-after': String(retryAfterSeconds) },
    });
  }
}

/** A preHandler that limits a route per client IP. */
export function limitPerIp(limiter: RateLimiter, rule: LimitRule) {
  return async (request: FastifyRequest) => enforceLimit(limiter, rule, request.ip);
}
