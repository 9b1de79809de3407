import type { FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import { AppError } from './errors.ts';

/** Fixed-window counters; in process, or in Redis so several API processes share them. */
export interface RateLimiter {
  /** Counts one hit on `key` and says whether it is within `max` per `windowMs`. */
  hit(key: string, max: number, windowMs: number): Promise<{ allowed: boolean; retryAfterSeconds: number }>;
  /** Forgets a key (a successful login clears its failures). */
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * `scale` multiplies every limit: 1 in production; browser-test runs raise it because all their
 * simulated customers come from one loopback address.
 */
export function createMemoryRateLimiter(now: () => number = Date.now, scale = 1): RateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  let sweeps = 0;
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
      return {
        allowed: w.count <= max * scale,
        retryAfterSeconds: Math.max(1, Math.ceil((w.resetAt - t) / 1000)),
      };
    },
    async reset(key) {
      windows.delete(key);
    },
    async close() {
      windows.clear();
    },
  };
}

export function createRedisRateLimiter(url: string, scale = 1, keyPrefix = ''): RateLimiter {
  const redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2, enableOfflineQueue: true });
  return {
    async hit(key, max, windowMs) {
      const k = `${keyPrefix}rl:${key}`;
      const results = await redis.multi().incr(k).pexpire(k, windowMs, 'NX').pttl(k).exec();
      const count = Number(results?.[0]?.[1] ?? 0);
      const ttl = Number(results?.[2]?.[1] ?? windowMs);
      return { allowed: count <= max * scale, retryAfterSeconds: Math.max(1, Math.ceil(ttl / 1000)) };
    },
    async reset(key) {
      await redis.del(`${keyPrefix}rl:${key}`);
    },
    async close() {
      await redis.quit();
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
