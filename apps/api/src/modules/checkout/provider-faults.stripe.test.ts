import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/helpers.ts';
import { seedCatalog } from '../catalog/catalog.seed.ts';
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
}

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
    if (isCreate && fault && fault.times > 0) {
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
    },
    { limiter: relaxedLimiter(), clock },
  );
  await seedCatalog(server.database.db);
});
beforeEach(() => {
  fault = undefined;
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

  it.todo(
    'E2 a circuit breaker opens after N provider failures so checkout answers 503 at once without calling Stripe: there is no breaker; every checkout still makes 3 tries',
  );
  it.todo(
    'E2 a 30 s provider latency hits the 10 s stripe-node timeout while /health stays under 50 ms p99: the timeout is configured (stripe-provider.ts) but not exercised by a test',
  );
});
