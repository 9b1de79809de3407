import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryRateLimiter } from '../../http/rate-limit.ts';
import { startTestServer, type TestServer } from '../../test/helpers.ts';
import { GOOD_PASSWORD, loginLinkTokenOf, signUpVerified, waitForMails } from './accounts.test-support.ts';

/* docs/reliability.md#a4: one account's budget of failed password logins per hour, across addresses. */

let limiterNow = Date.parse('2026-06-01T08:00:00Z');
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({}, { limiter: createMemoryRateLimiter(() => limiterNow) });
});
afterAll(async () => {
  await server?.close();
});

const loginFrom = (remoteAddress: string, emailAddress: string, password: string) =>
  server.app.inject({
    method: 'POST',
    url: '/api/User/Login',
    remoteAddress,
    payload: { emailAddress, password },
  });

describe('A4 password guessing from many addresses', () => {
  it("A4: the owner's own logins spend none of the budget; 25 addresses x 11 guesses in parallel check exactly 100 wrong passwords; then 429 with Retry-After, and the owner gets one login link that works", async () => {
    const email = 'budget-victim@example.com';
    await signUpVerified(server, email);
    // The owner's successful logins give their reserved slot back: all 100 stay for failures.
    for (let i = 0; i < 5; i++) {
      expect((await loginFrom('203.0.113.9', email, GOOD_PASSWORD)).statusCode).toBe(200);
    }
    const statuses: number[] = [];
    let retryAfter: string | undefined;
    await Promise.all(
      Array.from({ length: 25 }, async (_, a) => {
        for (let i = 0; i < 11; i++) {
          const res = await loginFrom(`198.51.100.${a + 1}`, email, `guess ${a}-${i}`);
          statuses.push(res.statusCode);
          if (res.statusCode === 429) retryAfter = res.headers['retry-after'] as string;
        }
      }),
    );
    const checked = statuses.filter((s) => s === 400).length;
    // Six right passwords went before (signUpVerified and the loop), and none of them counted.
    expect(checked).toBe(100);
    expect(statuses.filter((s) => s === 429).length).toBe(275 - checked);
    expect(statuses.every((s) => s === 400 || s === 429)).toBe(true);
    expect(Number(retryAfter)).toBeGreaterThan(0);
    expect(Number(retryAfter)).toBeLessThanOrEqual(3600);

    // The right password from the owner's own address is refused too, without being checked…
    const owner = await loginFrom('203.0.113.9', email, GOOD_PASSWORD);
    expect(owner.statusCode).toBe(429);
    expect(JSON.parse(owner.body).error_description).toMatch(/login link/);
    // …and the owner was mailed one login link (not one per refusal), which signs them in.
    const mails = await waitForMails(server.database.db, email, 'login-link', 1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await waitForMails(server.database.db, email, 'login-link', 1)).toHaveLength(1);
    expect(mails[0]!.text).toMatch(/wrong passwords/);
    const viaLink = await server.request('POST', '/api/User/LoginWithLink', {
      body: { token: loginLinkTokenOf(mails[0]!) },
    });
    expect(viaLink.status).toBe(200);

    // Another account is not touched by this one's budget.
    const other = 'budget-bystander@example.com';
    await signUpVerified(server, other);
    expect((await loginFrom('198.51.100.1', other, 'wrong one')).statusCode).toBe(400);

    // An hour later the budget is whole again and the password works.
    limiterNow += 60 * 60 * 1000 + 1000;
    expect((await loginFrom('203.0.113.9', email, GOOD_PASSWORD)).statusCode).toBe(200);
    // A hundred password checks (argon2) take their time on a busy machine.
  }, 120_000);
});
