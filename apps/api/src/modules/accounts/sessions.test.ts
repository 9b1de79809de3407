import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { createAccessTokens } from '../../http/auth.ts';
import type { AppError } from '../../http/errors.ts';
import { openTestDatabase } from '../../test/helpers.ts';
import * as repo from './accounts.repository.ts';
import { createSessions } from './sessions.ts';

let database: Database;
const clock = () => new Date('2026-04-01T00:00:00Z');

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

async function newIdentity(): Promise<string> {
  const id = crypto.randomUUID();
  await repo.insertIdentity(database.db, {
    id,
    email: `${id}@example.com`,
    referralCode: id.slice(0, 8).toUpperCase(),
  });
  return id;
}

async function liveTokens(identityId: string): Promise<number> {
  const result = await database.db.execute<{ n: number }>(sql`
    SELECT count(*)::int AS n FROM refresh_tokens t
    WHERE t.identity_id = ${identityId} AND t.used_at IS NULL AND t.revoked_at IS NULL
      AND NOT EXISTS (SELECT 1 FROM refresh_tokens f WHERE f.family_id = t.family_id AND f.revoked_at IS NOT NULL)`);
  return result.rows[0]!.n;
}

describe('A9 refresh under any interleaving', () => {
  it('A9: tabs refreshing one token together all get the same successor pair, one live token, and none fails', async () => {
    const sessions = createSessions({
      db: database.db,
      clock,
      tokens: createAccessTokens('k'.repeat(40), clock),
    });
    await fc.assert(
      fc.asyncProperty(fc.scheduler(), fc.integer({ min: 2, max: 5 }), async (s, parallel) => {
        const identityId = await newIdentity();
        const pair = await sessions.issue(identityId);
        // Settled inside, so the scheduler never holds a rejected promise.
        const refresh = s.scheduleFunction((token: string) =>
          sessions.refresh(token).then(
            (next) => ({ ok: true as const, next }),
            (error: unknown) => ({ ok: false as const, error }),
          ),
        );
        const outcomes = Array.from({ length: parallel }, () => refresh(pair.refresh_token));
        await s.waitAll();
        const settled = await Promise.all(outcomes);
        // Within the grace window the late tabs are not treated as a thief: nobody is logged out.
        for (const o of settled) expect(o.ok ? 'ok' : (o.error as AppError).code).toBe('ok');
        // One rotation, one live pair: every tab holds the same one (docs/reliability.md#a9).
        const pairs = new Set(settled.map((o) => (o.ok ? JSON.stringify(o.next) : '')));
        expect(pairs.size).toBe(1);
        expect(await liveTokens(identityId)).toBe(1);
        const families = await database.db.execute<{ n: number }>(
          sql`SELECT count(DISTINCT family_id)::int AS n FROM refresh_tokens WHERE identity_id = ${identityId}`,
        );
        expect(families.rows[0]!.n).toBe(1);
      }),
      { numRuns: 10 },
    );
  });
});
