import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_PROVIDER_TIMEOUT_MS, loadConfig } from '../../config/env.ts';
import { startTestServer, type TestServer } from '../../test/helpers.ts';
import { seedCatalog } from '../catalog/catalog.seed.ts';
import { BREAKER_COOL_DOWN_MS, BREAKER_FAILURES } from '../payments/provider/circuit-breaker.ts';
import { stripeClientConfig } from '../payments/provider/stripe-provider.ts';
import { type StripeStandIn, startStripeStandIn } from '../payments/provider/stripe-stand-in.ts';
import {
  createIntent,
  newMember,
  orderRow,
  relaxedLimiter,
  subscribe,
  subscriptionsOf,
  succeededAttemptsOf,
} from './checkout.test-support.ts';

/*
 * docs/reliability.md#e2: Stripe answers 500 or 429. stripe-node (the real adapter) talks to the loopback
 * stand-in through a fault proxy that fails PaymentIntent creation on demand, so the retries, the
 * idempotency key they carry and our answer to the buyer are all real.
 */

interface Fault {
  status: 500 | 429;
  /** How many PaymentIntent creations to fail before passing them on. */
  times: number;
  /** Fail every call (customers, cards, searches), not only PaymentIntent creation: Stripe is down. */
  everything?: boolean;
}

/** Every request that reached the proxy, i.e. every call our server made to "Stripe". */
let proxyRequests = 0;
/** While set, PaymentIntent creations wait this long before reaching the stand-in (a slow Stripe). */
let slowMs: number | undefined;
/** Slow requests being held right now. */
let slowHeld = 0;
const PROVIDER_TIMEOUT_MS = 1000;

let standIn: StripeStandIn;
let proxy: Server;
let server: TestServer;
let fault: Fault | undefined;
const intentPosts: Array<{ idempotencyKey?: string; status: number }> = [];
let now = Date.parse('2027-06-01T08:00:00.000Z');
const clock = () => new Date(now);

function startFaultProxy(target: string): Promise<Server> {
  const upstream = new URL(target);
  const proxyServer = createServer((req, res) => {
    const isCreate = req.method === 'POST' && (req.url ?? '').split('?')[0] === '/v1/payment_intents';
    const key = req.headers['idempotency-key'] as string | undefined;
    proxyRequests++;
    if (isCreate && slowMs !== undefined) {
      intentPosts.push({ idempotencyKey: key, status: 0 });
      slowHeld++;
      req.resume();
      // A provider that does not answer: our client gives up first and closes the connection.
      const timer = setTimeout(() => res.writeHead(502).end(), slowMs);
      res.on('close', () => {
        clearTimeout(timer);
        slowHeld--;
      });
      return;
    }
    if ((isCreate || fault?.everything) && fault && fault.times > 0) {
      fault.times--;
      intentPosts.push({ idempotencyKey: key, status: fault.status });
      req.resume();
      const headers: Record<string, string> = {
        'content-type': 'application/json',
        'stripe-should-retry': 'true',
      };
      const body =
        fault.status === 429
          ? { error: { type: 'invalid_request_error', code: 'rate_limit', message: 'Too many requests.' } }
          : { error: { type: 'api_error', message: 'Something went wrong on Stripe’s end.' } };
      res.writeHead(fault.status, headers).end(JSON.stringify(body));
      return;
    }
    const forward = httpRequest(
      {
        host: upstream.hostname,
        port: upstream.port,
        path: req.url,
        method: req.method,
        headers: req.headers,
      },
      (answer) => {
        if (isCreate) intentPosts.push({ idempotencyKey: key, status: answer.statusCode ?? 0 });
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forward.on('error', () => res.writeHead(502).end());
    req.pipe(forward);
  });
  return new Promise((resolve) => proxyServer.listen(0, '127.0.0.1', () => resolve(proxyServer)));
}

beforeAll(async () => {
  standIn = await startStripeStandIn();
  proxy = await startFaultProxy(standIn.url);
  const { port } = proxy.address() as AddressInfo;
  server = await startTestServer(
    {
      paymentsProvider: 'stripe',
      stripe: {
        secretKey: standIn.apiKey,
        webhookSecret: standIn.webhookSecret,
        publishableKey: 'pk_test_standin',
        apiBase: `http://127.0.0.1:${port}`,
      },
      // The test's slow Stripe answers after 30 s; waiting 1 s per try keeps the test short.
      providerTimeoutMs: PROVIDER_TIMEOUT_MS,
    },
    { limiter: relaxedLimiter(), clock },
  );
  await seedCatalog(server.database.db);
});
beforeEach(() => {
  fault = undefined;
  slowMs = undefined;
  intentPosts.length = 0;
});
afterAll(async () => {
  await server?.close();
  await new Promise((resolve) => proxy?.close(resolve));
  await standIn?.close();
});

async function attempts(orderId: string) {
  const result = await server.database.db.execute<{ status: string }>(
    sql`SELECT status FROM payment_attempts WHERE order_id = ${orderId} ORDER BY attempt_number`,
  );
  return result.rows.map((r) => r.status);
}

describe('E2: the provider answers 500 or 429', () => {
  it('E2 two 500s are retried by stripe-node with the same idempotency key, and the third try charges once', async () => {
    const member = await newMember(server, 'e2-500');
    fault = { status: 500, times: 2 };
    const intent = await createIntent(server, member, member.orderId);
    expect(intent.status).toBe(200);
    expect(intent.body.status).toBe('succeeded');
    expect(intentPosts.map((p) => p.status)).toEqual([500, 500, 200]);
    expect(new Set(intentPosts.map((p) => p.idempotencyKey)).size).toBe(1);
    expect(intentPosts[0]!.idempotencyKey).toBeTruthy();
    const done = await subscribe(server, member, member.orderId, intent.body.paymentIntentId);
    expect(done.status).toBe(200);
    expect(await succeededAttemptsOf(server, member.orderId)).toBe(1);
    expect(await subscriptionsOf(server, member.orderId)).toBe(1);
  }, 30_000);

  it('E2 a 429 with stripe-should-retry is retried once and succeeds', async () => {
    const member = await newMember(server, 'e2-429');
    fault = { status: 429, times: 1 };
    const intent = await createIntent(server, member, member.orderId);
    expect(intent.status).toBe(200);
    expect(intentPosts.map((p) => p.status)).toEqual([429, 200]);
    expect(new Set(intentPosts.map((p) => p.idempotencyKey)).size).toBe(1);
  }, 30_000);

  it('E2 a provider that keeps failing: at most 3 tries (maxNetworkRetries 2), 503 with retry-after, nothing half-done, and a later retry pays once', async () => {
    const member = await newMember(server, 'e2-down');
    fault = { status: 500, times: 100 };
    const down = await createIntent(server, member, member.orderId);
    expect(down.status).toBe(503);
    expect(down.body.code).toBe('service_unavailable');
    expect(down.headers.get('retry-after')).toBe('30');
    expect(intentPosts).toHaveLength(3);
    // The outcome is unknown to us: the order is still payable and its one attempt waits for reconciliation.
    expect(['draft', 'awaiting_payment']).toContain((await orderRow(server, member.orderId)).status);
    expect(await attempts(member.orderId)).toEqual(['pending']);
    expect(await subscriptionsOf(server, member.orderId)).toBe(0);

    // The provider is back; three minutes later a retry settles the lost attempt and charges once.
    fault = undefined;
    now += 3 * 60 * 1000;
    const again = await createIntent(server, member, member.orderId);
    expect(again.status).toBe(200);
    expect(again.body.status).toBe('succeeded');
    const done = await subscribe(server, member, member.orderId, again.body.paymentIntentId);
    expect(done.status).toBe(200);
    expect(await succeededAttemptsOf(server, member.orderId)).toBe(1);
    expect(await subscriptionsOf(server, member.orderId)).toBe(1);
    const live = await attempts(member.orderId);
    expect(live.filter((s) => s === 'pending')).toEqual([]);
  }, 60_000);

  it('E2 a circuit breaker opens after 5 failed provider calls in a row: checkout answers 503 at once without calling Stripe; after the cool-down one trial call decides', async () => {
    fault = { status: 500, times: 10_000, everything: true };
    for (let i = 0; i < BREAKER_FAILURES; i++) {
      const member = await newMember(server, 'e2-breaker');
      const res = await createIntent(server, member, member.orderId);
      expect(res.status).toBe(503);
    }
    // Open: answered without a single request to the provider, in the error format, with the cool-down left.
    const open = await newMember(server, 'e2-breaker-open');
    const before = proxyRequests;
    const refused = await createIntent(server, open, open.orderId);
    expect(refused.status).toBe(503);
    expect(refused.body.code).toBe('service_unavailable');
    expect(refused.body.error_description).toMatch(/payment provider/);
    expect(refused.headers.get('retry-after')).toBe(String(BREAKER_COOL_DOWN_MS / 1000));
    expect(proxyRequests).toBe(before);
    now += 10_000;
    const later = await createIntent(server, open, open.orderId);
    expect(later.status).toBe(503);
    expect(later.headers.get('retry-after')).toBe(String(BREAKER_COOL_DOWN_MS / 1000 - 10));
    expect(proxyRequests).toBe(before);
    expect(await subscriptionsOf(server, open.orderId)).toBe(0);

    // After the cool-down one trial call goes through (3 tries by stripe-node); it fails, so the breaker opens again.
    now += BREAKER_COOL_DOWN_MS;
    const trial = await createIntent(server, open, open.orderId);
    expect(trial.status).toBe(503);
    expect(proxyRequests - before).toBe(3);
    const afterTrial = proxyRequests;
    expect((await createIntent(server, open, open.orderId)).status).toBe(503);
    expect(proxyRequests).toBe(afterTrial);

    // Stripe is back: after the next cool-down the trial succeeds, the breaker closes, the member pays once.
    fault = undefined;
    now += BREAKER_COOL_DOWN_MS;
    const paid = await createIntent(server, open, open.orderId);
    expect(paid.status).toBe(200);
    expect(paid.body.status).toBe('succeeded');
    const done = await subscribe(server, open, open.orderId, paid.body.paymentIntentId);
    expect(done.status).toBe(200);
    expect(await succeededAttemptsOf(server, open.orderId)).toBe(1);
    const next = await newMember(server, 'e2-breaker-closed');
    expect((await createIntent(server, next, next.orderId)).status).toBe(200);
  }, 120_000);

  it('E2 the provider timeout is 10 s unless PROVIDER_TIMEOUT_MS says otherwise, and is what stripe-node is given', () => {
    const env = { NODE_ENV: 'test', JWT_SECRET: server.config.jwtSecret } as const;
    expect(DEFAULT_PROVIDER_TIMEOUT_MS).toBe(10_000);
    expect(loadConfig(env).providerTimeoutMs).toBe(10_000);
    expect(loadConfig({ ...env, PROVIDER_TIMEOUT_MS: '2500' }).providerTimeoutMs).toBe(2500);
    expect(() => loadConfig({ ...env, PROVIDER_TIMEOUT_MS: 'soon' })).toThrow(/PROVIDER_TIMEOUT_MS/);
    const keys = { secretKey: standIn.apiKey, webhookSecret: standIn.webhookSecret };
    expect(stripeClientConfig(keys).timeout).toBe(10_000);
    expect(stripeClientConfig({ ...keys, timeoutMs: 2500 }).timeout).toBe(2500);
    expect(stripeClientConfig(keys).maxNetworkRetries).toBe(2);
  });

  it('E2 a provider that takes 30 s: each try is cut at the timeout (3 tries, one key), checkout answers 503 with retry-after, /api/health answers meanwhile, and a later retry pays once', async () => {
    const member = await newMember(server, 'e2-slow');
    slowMs = 30_000;
    let settled = false;
    const pending = createIntent(server, member, member.orderId).then((res) => {
      settled = true;
      return res;
    });
    await expect.poll(() => slowHeld, { timeout: 10_000 }).toBe(1);
    // The store keeps answering while a checkout waits on the provider.
    const health = await server.request('GET', '/api/health');
    expect(health.status).toBe(200);
    expect(health.body.status).toBe('ok');
    expect(settled).toBe(false);
    expect(slowHeld).toBe(1);

    const slow = await pending;
    expect(slow.status).toBe(503);
    expect(slow.body.code).toBe('service_unavailable');
    expect(slow.headers.get('retry-after')).toBe('30');
    expect(intentPosts).toHaveLength(3);
    expect(new Set(intentPosts.map((p) => p.idempotencyKey)).size).toBe(1);
    // Every held request was given up by our client (the proxy sees each connection close).
    await expect.poll(() => slowHeld).toBe(0);
    expect(await attempts(member.orderId)).toEqual(['pending']);

    // The provider is fast again; after the attempt is stale, a retry settles it and charges once.
    slowMs = undefined;
    now += 3 * 60 * 1000;
    const again = await createIntent(server, member, member.orderId);
    expect(again.status).toBe(200);
    expect(again.body.status).toBe('succeeded');
    const done = await subscribe(server, member, member.orderId, again.body.paymentIntentId);
    expect(done.status).toBe(200);
    expect(await succeededAttemptsOf(server, member.orderId)).toBe(1);
  }, 60_000);
});
