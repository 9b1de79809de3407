import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { createMemoryRateLimiter, type RateLimiter } from '../../http/rate-limit.ts';
import type { TestServer } from '../../test/helpers.ts';
import { QUIZ_OWNER_COOKIE } from '../quiz/quiz-owner.ts';

/** Shared by the checkout and orders tests (not a test file itself). */

export const PASSWORD = 'violet-harbor-2931';

/** Every test request comes from 127.0.0.1: per-IP limits are raised, the rest stay real. */
export function relaxedLimiter(): RateLimiter {
  const inner = createMemoryRateLimiter();
  return {
    hit: (key, max, windowMs) => inner.hit(key, /-ip:|-user:/.test(key) ? 100_000 : max, windowMs),
    reset: (key) => inner.reset(key),
    giveBack: (key) => inner.giveBack(key),
    close: () => inner.close(),
  };
}

/** A Texas address: 6.25% state tax. */
export const SHIPPING = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  shippingAddress: {
    street1: '1 Congress Ave',
    street2: 'Apt 4',
    city: 'Austin',
    state: 'TX',
    postalCode: '78701',
  },
};

export interface Member {
  email: string;
  token: string;
  quizId: string;
  /** The first box's order the quiz results created. */
  orderId: string;
}

const ANSWERS = {
  exerciseTypes: [0, 3],
  exerciseFrequency: 2,
  fitnessGoals: [0],
  lifestylePerformanceGoals: [],
  dietaryPreferences: [],
  dietaryRestrictions: [],
  flavors: [0, 1, 2, 3],
  textures: [],
  usedProteinBefore: true,
  proteinMixes: [0],
  brandUsages: [1],
  dislikedBrands: [],
};

/** A new person who took the quiz, signed up at step 12 and saw results: a draft first box. */
export async function newMember(server: TestServer, prefix = 'buyer'): Promise<Member> {
  const email = `${prefix}-${randomUUID().slice(0, 8)}@example.com`;
  const started = await server.request('POST', '/api/theQuiz/TakeQuiz', { body: ANSWERS });
  expect(started.status).toBe(200);
  const cookie = started.headers
    .getSetCookie()
    .map((line) => line.split(';')[0]!)
    .find((pair) => pair.startsWith(`${QUIZ_OWNER_COOKIE}=`));
  const registered = await server.request('POST', '/api/theQuiz/TakeQuiz?registration=true', {
    body: {
      ...ANSWERS,
      id: started.body.id,
      profileInfo: { emailAddress: email, age: 30, phoneNumber: '' },
      password: PASSWORD,
      confirmPassword: PASSWORD,
    },
    headers: cookie ? { cookie } : {},
  });
  expect(registered.status).toBe(200);
  const token = registered.body.authenticationResult.token as string;
  const results = await server.request('POST', '/api/product/GetProductQuizResults', {
    body: { id: started.body.id },
    token,
  });
  expect(results.status).toBe(200);
  return { email, token, quizId: started.body.id, orderId: results.body.orderId };
}

export function createIntent(
  server: TestServer,
  member: Pick<Member, 'token'>,
  orderId: string,
  options: { paymentMethodId?: string; key?: string; schedule?: number; body?: unknown } = {},
) {
  const query = new URLSearchParams({ orderId, paymentMethodId: options.paymentMethodId ?? 'pm_card_visa' });
  if (options.schedule !== undefined) query.set('deliverySchedule', String(options.schedule));
  return server.request('POST', `/api/Payment/createPaymentIntent?${query}`, {
    token: member.token,
    body: options.body ?? SHIPPING,
    headers: options.key ? { 'idempotency-key': options.key } : {},
  });
}

export function subscribe(
  server: TestServer,
  member: Pick<Member, 'token'>,
  orderId: string,
  paymentIntent: string,
  options: { schedule?: number | string; key?: string } = {},
) {
  const query = new URLSearchParams({
    paymentIntent,
    paymentMethodId: 'pm_card_visa',
    deliverySchedule: String(options.schedule ?? 0),
    orderId,
  });
  return server.request('POST', `/api/Payment/Subscribe?${query}`, {
    token: member.token,
    headers: options.key ? { 'idempotency-key': options.key } : {},
  });
}

/** Pays an order with a good card from start to end; answers the Subscribe response. */
export async function payOrder(
  server: TestServer,
  member: Pick<Member, 'token'>,
  orderId: string,
  schedule = 0,
) {
  const intent = await createIntent(server, member, orderId, { schedule });
  expect(intent.status).toBe(200);
  const done = await subscribe(server, member, orderId, intent.body.paymentIntentId, { schedule });
  expect(done.status).toBe(200);
  return done;
}

async function countOf(server: TestServer, query: ReturnType<typeof sql>): Promise<number> {
  const result = await server.database.db.execute<{ n: number }>(query);
  return Number(result.rows[0]!.n);
}

/** Charges the sandbox made for this order (docs/reliability.md#exactly-one-charge). */
export function chargesOf(server: TestServer, orderId: string) {
  return countOf(
    server,
    sql`SELECT count(*)::int AS n FROM sandbox_objects c
        WHERE c.kind = 'charge'
          AND c.data->>'payment_intent' IN (SELECT id FROM sandbox_payment_intents WHERE order_id = ${orderId})`,
  );
}

export function succeededAttemptsOf(server: TestServer, orderId: string) {
  return countOf(
    server,
    sql`SELECT count(*)::int AS n FROM payment_attempts WHERE order_id = ${orderId} AND status = 'succeeded'`,
  );
}

export function subscriptionsOf(server: TestServer, orderId: string) {
  return countOf(server, sql`SELECT count(*)::int AS n FROM subscriptions WHERE first_order_id = ${orderId}`);
}

export function attemptsOf(server: TestServer, orderId: string) {
  return countOf(server, sql`SELECT count(*)::int AS n FROM payment_attempts WHERE order_id = ${orderId}`);
}

/** Mails of a kind to an address, after background sends had a moment. */
export async function mailCount(
  server: TestServer,
  to: string,
  kind: string,
  settleMs = 100,
): Promise<number> {
  await new Promise((resolve) => setTimeout(resolve, settleMs));
  return countOf(
    server,
    sql`SELECT count(*)::int AS n FROM emails WHERE to_address = ${to.toLowerCase()} AND kind = ${kind}`,
  );
}

export async function orderRow(server: TestServer, orderId: string) {
  const result = await server.database.db.execute<Record<string, unknown>>(
    sql`SELECT * FROM orders WHERE id = ${orderId}`,
  );
  return result.rows[0]!;
}
