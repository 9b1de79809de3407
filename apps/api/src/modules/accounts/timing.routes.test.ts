import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/helpers.ts';
import { GOOD_PASSWORD, signUpVerified, unlimited } from './accounts.test-support.ts';

/** docs/reliability.md#a5: a known and an unknown address take the same time, so timing tells nothing. */
const RUNS = 30;
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({}, { limiter: unlimited() });
  await signUpVerified(server, 'timed@example.com');
});
afterAll(async () => {
  await server?.close();
});

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/**
 * Runs the two calls in A-B, B-A order (after one discarded warm-up of each) so drift on a busy
 * machine falls on both alike; answers both medians (ms).
 */
async function timeBoth(known: () => Promise<unknown>, unknown: () => Promise<unknown>) {
  const a: number[] = [];
  const b: number[] = [];
  const timed = async (call: () => Promise<unknown>, into: number[]) => {
    const t = performance.now();
    await call();
    into.push(performance.now() - t);
  };
  await known();
  await unknown();
  for (let i = 0; i < RUNS; i++) {
    if (i % 2 === 0) {
      await timed(known, a);
      await timed(unknown, b);
    } else {
      await timed(unknown, b);
      await timed(known, a);
    }
  }
  return { known: median(a), unknown: median(b) };
}

describe('A5 response times do not reveal accounts', () => {
  it('login: a wrong password and an unknown email', async () => {
    const login = (emailAddress: string) => () =>
      server.request('POST', '/api/User/Login', { body: { emailAddress, password: 'wrong password here' } });
    const t = await timeBoth(login('timed@example.com'), login('nobody-here@example.com'));
    expect(Math.abs(t.known - t.unknown)).toBeLessThan(50);
  });

  it('register: a known and a new address', async () => {
    let n = 0;
    const t = await timeBoth(
      () =>
        server.request('POST', '/api/User/Register', {
          body: { emailAddress: 'timed@example.com', password: GOOD_PASSWORD, isAgeConfirmed: true },
        }),
      () =>
        server.request('POST', '/api/User/Register', {
          body: { emailAddress: `fresh${n++}@example.com`, password: GOOD_PASSWORD, isAgeConfirmed: true },
        }),
    );
    expect(Math.abs(t.known - t.unknown)).toBeLessThan(50);
  });

  it('forgot password: a known and an unknown address', async () => {
    const t = await timeBoth(
      () => server.request('POST', '/api/User/ForgotPassword?email=timed@example.com'),
      () => server.request('POST', '/api/User/ForgotPassword?email=nobody-here@example.com'),
    );
    expect(Math.abs(t.known - t.unknown)).toBeLessThan(50);
  });
});
