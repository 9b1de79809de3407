import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config/env.ts';
import { createMemoryRateLimiter } from './rate-limit.ts';

describe('createMemoryRateLimiter', () => {
  it('allows max hits per window, then refuses with a retry-after until the window ends', async () => {
    let now = 0;
    const limiter = createMemoryRateLimiter(() => now);
    for (let i = 0; i < 3; i++) expect((await limiter.hit('k', 3, 60_000)).allowed).toBe(true);
    const refused = await limiter.hit('k', 3, 60_000);
    expect(refused).toEqual({ allowed: false, retryAfterSeconds: 60 });
    now = 60_000;
    expect((await limiter.hit('k', 3, 60_000)).allowed).toBe(true);
  });

  it('multiplies every limit by its scale', async () => {
    const limiter = createMemoryRateLimiter(() => 0, 2);
    for (let i = 0; i < 6; i++) expect((await limiter.hit('k', 3, 1000)).allowed).toBe(true);
    expect((await limiter.hit('k', 3, 1000)).allowed).toBe(false);
  });

  it('is refused above 1 in production', () => {
    expect(() =>
      loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), RATE_LIMIT_SCALE: '50' }),
    ).toThrow(/RATE_LIMIT_SCALE/);
  });
});
