import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Params, SandboxEngine, type SandboxEvent } from './sandbox-engine.ts';
import { createMemorySandboxStore, type SandboxStore } from './sandbox-store.ts';
import { signWebhookPayload } from './webhook-signature.ts';

/*
 * A loopback HTTP stand-in for Stripe's REST API, for tests only (docs/payments.md#sandbox form 2): the
 * sandbox engine spoken form-encoded, so the real stripe-node adapter can be tested without the
 * internet. It signs its webhooks like Stripe, so `stripe.webhooks.constructEvent` accepts them.
 * Never mounted by the app.
 */

export interface StripeStandInOptions {
  /** The secret key clients must send (`Authorization: Bearer ...`). */
  apiKey?: string;
  webhookSecret?: string;
  /** Where events are POSTed as signed webhooks; none are sent without it. */
  webhookUrl?: string;
  clock?: () => Date;
  seed?: string;
  store?: SandboxStore;
  /** Waits before each redelivery of a failed webhook; Stripe's own schedule by default. */
  redeliveryDelaysMs?: number[];
}

/**
 * Like Stripe, a delivery that does not answer 2xx is tried again later with a growing wait, for
 * up to about three days (Stripe's documented window), then given up.
 */
export const STRIPE_REDELIVERY_DELAYS_MS = [
  60_000,
  5 * 60_000,
  30 * 60_000,
  2 * 3_600_000,
  5 * 3_600_000,
  10 * 3_600_000,
  24 * 3_600_000,
  24 * 3_600_000,
];

export interface WebhookDelivery {
  eventId: string;
  type: string;
  status: number;
  /** 1 for the first delivery of an event, 2 for its first redelivery, ... */
  attempt: number;
  /** When this delivery failed and another follows: how long the stand-in waits before it. */
  retryInMs?: number;
}

export interface StripeStandIn {
  /** `http://127.0.0.1:<port>`: give it to the adapter as STRIPE_API_BASE. */
  url: string;
  apiKey: string;
  webhookSecret: string;
  engine: SandboxEngine;
  /** Every request the stand-in answered: method, path and the Idempotency-Key it carried. */
  requests: Array<{ method: string; path: string; idempotencyKey?: string; status: number }>;
  deliveries: WebhookDelivery[];
  setWebhookUrl(url: string | undefined): void;
  /** Runs (and is awaited) before each API request is answered: a test sees what the store holds meanwhile. */
  setBeforeAnswer(hook: ((request: { method: string; path: string }) => Promise<void>) | undefined): void;
  /** Changes the redelivery schedule of failures from now on (tests use milliseconds). */
  setRedeliveryDelays(delaysMs: number[]): void;
  /** Redeliveries waiting for their time. */
  pendingRedeliveries(): number;
  /** Resolves once every webhook queued so far was delivered (or failed). */
  flushWebhooks(): Promise<void>;
  close(): Promise<void>;
}

const MAX_BODY_BYTES = 1024 * 1024;

/** `a[b][0]=x` as `{ a: { b: { 0: 'x' } } }`, the way Stripe reads form-encoded parameters. */
export function parseStripeForm(body: string): Params {
  const result: Params = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.replace(/\]/g, '').split('[');
    let node = result;
    for (const [i, segment] of path.entries()) {
      if (i === path.length - 1) {
        node[segment] = value;
      } else {
        const next = node[segment];
        node[segment] = next && typeof next === 'object' ? next : {};
        node = node[segment] as Params;
      }
    }
  }
  return result;
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        reject(new Error('body too large'));
        request.destroy();
        return;
      }
      chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function sendJson(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  const text = JSON.stringify(body);
  response.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
    ...headers,
  });
  response.end(text);
}

export async function startStripeStandIn(options: StripeStandInOptions = {}): Promise<StripeStandIn> {
  const apiKey = options.apiKey ?? 'sk_test_stand_in';
  const webhookSecret = options.webhookSecret ?? 'whsec_stand_in';
  const clock = options.clock ?? (() => new Date());
  const engine = new SandboxEngine({
    store: options.store ?? createMemorySandboxStore(),
    clock,
    seed: options.seed,
  });
  const requests: StripeStandIn['requests'] = [];
  const deliveries: WebhookDelivery[] = [];
  let webhookUrl = options.webhookUrl;
  let beforeAnswer: Parameters<StripeStandIn['setBeforeAnswer']>[0];
  let pending: Promise<void> = Promise.resolve();
  let requestCount = 0;

  let redeliveryDelays = options.redeliveryDelaysMs ?? STRIPE_REDELIVERY_DELAYS_MS;
  const waiting = new Set<NodeJS.Timeout>();

  // Delivered after the request that caused them, one at a time, as Stripe's own queue would.
  function deliver(event: SandboxEvent, attempt: number) {
    const url = webhookUrl;
    if (!url) return;
    pending = pending.then(async () => {
      const payload = JSON.stringify(event, null, 2);
      // Signed at each try, with that moment's timestamp, as Stripe does.
      const signature = signWebhookPayload(payload, webhookSecret, Math.floor(clock().getTime() / 1000));
      const status = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'stripe-signature': signature,
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
        },
        body: payload,
      })
        .then(async (res) => {
          await res.arrayBuffer();
          return res.status;
        })
        .catch(() => 0);
      const ok = status >= 200 && status < 300;
      const retryInMs = ok ? undefined : redeliveryDelays[attempt - 1];
      deliveries.push({ eventId: event.id, type: event.type, status, attempt, retryInMs });
      if (retryInMs === undefined) return;
      const timer = setTimeout(() => {
        waiting.delete(timer);
        deliver(event, attempt + 1);
      }, retryInMs);
      timer.unref();
      waiting.add(timer);
    });
  }
  engine.onEvent((event: SandboxEvent) => deliver(event, 1));

  const server = createServer((request, response) => {
    void (async () => {
      const method = request.method === 'POST' ? 'POST' : request.method === 'GET' ? 'GET' : undefined;
      const path = request.url ?? '/';
      const idempotencyKey = (request.headers['idempotency-key'] as string | undefined) ?? undefined;
      const requestId = `req_sbx_${++requestCount}`;
      const record = (status: number) =>
        requests.push({ method: request.method ?? '', path: path.split('?')[0]!, idempotencyKey, status });
      if (request.headers.authorization !== `Bearer ${apiKey}`) {
        record(401);
        return sendJson(response, 401, {
          error: { type: 'invalid_request_error', message: 'Invalid API Key provided: sk_test_****' },
        });
      }
      if (!method) {
        record(405);
        return sendJson(response, 405, {
          error: { type: 'invalid_request_error', message: 'Method not allowed.' },
        });
      }
      const body = method === 'POST' ? await readBody(request) : '';
      await beforeAnswer?.({ method, path: path.split('?')[0]! });
      const answer = await engine.request({
        method,
        path,
        params: method === 'POST' ? parseStripeForm(body) : {},
        idempotencyKey,
      });
      record(answer.statusCode);
      sendJson(response, answer.statusCode, answer.body, {
        'request-id': requestId,
        'stripe-version': String(request.headers['stripe-version'] ?? ''),
        ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
        ...(answer.replayed ? { 'idempotent-replayed': 'true' } : {}),
      });
    })().catch(() => {
      if (!response.headersSent) {
        sendJson(response, 500, { error: { type: 'api_error', message: 'The stand-in failed.' } });
      } else response.destroy();
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    apiKey,
    webhookSecret,
    engine,
    requests,
    deliveries,
    setWebhookUrl(url) {
      webhookUrl = url;
    },
    setBeforeAnswer(hook) {
      beforeAnswer = hook;
    },
    setRedeliveryDelays(delaysMs) {
      redeliveryDelays = delaysMs;
    },
    pendingRedeliveries: () => waiting.size,
    async flushWebhooks() {
      let current: Promise<void>;
      do {
        current = pending;
        await current;
      } while (current !== pending);
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        for (const timer of waiting) clearTimeout(timer);
        waiting.clear();
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
