import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import type { Config } from '../config/env.ts';
import type { Db } from '../db/database.ts';
import type { Mailer } from '../modules/mail/index.ts';
import { QUIZ_OWNER_COOKIE } from '../modules/quiz/index.ts';
import {
  DEMO_MEMBER_EMAIL_PREFIX,
  DEMO_MEMBER_PASSWORD,
  type DemoMember,
  demoMembers,
} from './demo-members.ts';

/** Mail the seeding app would send (verification links, order confirmations) goes nowhere. */
const NO_MAIL: Mailer = { send: async () => {} };

/** The seeding app's requests all come from one process: no limit applies to them. */
const NO_LIMITS = {
  hit: async () => ({ allowed: true, retryAfterSeconds: 0 }),
  reset: async () => {},
  giveBack: async () => {},
  close: async () => {},
};

/** How many members join at once: password hashing runs beside the database work. */
const AT_ONCE = 4;

export interface DemoMembersResult {
  /** Members who joined in this run (0 when the demo members were already there). */
  created: number;
  ms: number;
}

/**
 * The demo members of docs/product.md#demo-data-and-sandbox, made the way customers are: each
 * takes the quiz and signs up at its last step, sees their results, pays the first box in the
 * sandbox with Stripe's test Visa, and some review their prime picks. Everything goes through
 * the store's own HTTP API (a second app on the same database, never listening), so the rows are
 * what those calls write. That app's mail goes nowhere, its scheduler never starts, and it is
 * closed before the store answers its first request.
 *
 * Only with the sandbox: a store talking to Stripe gets no demo member (their saved cards exist
 * only in the sandbox). Once per database: a member whose address exists is skipped, so a second
 * start, or a start after one that stopped halfway, adds only who is missing. Several processes
 * starting at once are kept apart by the caller (the migration lock).
 */
export async function seedDemoMembers(
  db: Db,
  config: Config,
  options: {
    clock?: () => Date;
    /** The cast; all of `demoMembers()` unless a test plays a few of them. */
    members?: DemoMember[];
  } = {},
): Promise<DemoMembersResult> {
  const started = Date.now();
  if (config.paymentsProvider !== 'sandbox') return { created: 0, ms: 0 };
  const existing = await db.execute<{ email: string }>(
    sql`SELECT email FROM identities WHERE email LIKE ${`${DEMO_MEMBER_EMAIL_PREFIX}%`}`,
  );
  const known = new Set(existing.rows.map((r) => r.email));
  const missing = (options.members ?? demoMembers()).filter((member) => !known.has(member.email));
  if (missing.length === 0) return { created: 0, ms: Date.now() - started };

  const app = await buildApp({
    // 'test' keeps the seeding app's scheduler off; it serves no pages and logs nothing.
    config: { ...config, env: 'test', webDist: undefined, logLevel: 'silent' },
    db,
    mailer: NO_MAIL,
    limiter: NO_LIMITS,
    ...(options.clock ? { clock: options.clock } : {}),
  });
  try {
    // In the cast's order, a few at a time.
    for (let i = 0; i < missing.length; i += AT_ONCE) {
      await Promise.all(missing.slice(i, i + AT_ONCE).map((member) => join(app, member)));
    }
  } finally {
    await app.close();
  }
  return { created: missing.length, ms: Date.now() - started };
}

/** One demo member from the quiz to their reviews; any refusal stops the seed with its reason. */
async function join(app: FastifyInstance, member: DemoMember): Promise<void> {
  const call = async (
    method: 'GET' | 'POST',
    url: string,
    init: { body?: unknown; token?: string; cookie?: string } = {},
  ) => {
    const response = await app.inject({
      method,
      url: `/api${url}`,
      headers: {
        ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
        ...(init.cookie ? { cookie: init.cookie } : {}),
      },
      ...(init.body === undefined ? {} : { payload: init.body as object }),
    });
    if (response.statusCode !== 200) {
      throw new Error(
        `demo member ${member.email}: ${method} ${url} answered ${response.statusCode} ${response.body}`,
      );
    }
    return { body: response.json(), setCookie: response.headers['set-cookie'] };
  };

  const answers = {
    ...member.answers,
    textures: [],
    lifestylePerformanceGoals: [],
    dietaryRestrictions: [],
    dislikedBrands: [],
  };
  const quiz = await call('POST', '/theQuiz/TakeQuiz', { body: answers });
  const cookie = [quiz.setCookie ?? []]
    .flat()
    .map((line) => line.split(';')[0]!)
    .find((pair) => pair.startsWith(`${QUIZ_OWNER_COOKIE}=`));
  const signedUp = await call('POST', '/theQuiz/TakeQuiz?registration=true', {
    body: {
      ...answers,
      id: quiz.body.id,
      profileInfo: {
        emailAddress: member.email,
        age: 24 + ((member.firstName.length * 7) % 30),
        phoneNumber: '',
      },
      password: DEMO_MEMBER_PASSWORD,
      confirmPassword: DEMO_MEMBER_PASSWORD,
    },
    cookie,
  });
  const token = signedUp.body.authenticationResult.token as string;
  const results = await call('POST', '/product/GetProductQuizResults', { body: { id: quiz.body.id }, token });
  const orderId = results.body.orderId as string;

  const schedule = String(member.deliverySchedule);
  const intent = await call(
    'POST',
    `/Payment/createPaymentIntent?${new URLSearchParams({ orderId, paymentMethodId: 'pm_card_visa', deliverySchedule: schedule })}`,
    {
      body: {
        firstName: member.firstName,
        lastName: member.lastName,
        shippingAddress: { ...member.address, street2: '' },
      },
      token,
    },
  );
  await call(
    'POST',
    `/Payment/Subscribe?${new URLSearchParams({
      paymentIntent: intent.body.paymentIntentId,
      paymentMethodId: 'pm_card_visa',
      deliverySchedule: schedule,
      orderId,
    })}`,
    { token },
  );

  if (member.reviews.length === 0) return;
  const order = await call('GET', `/order/GetItem?id=${orderId}`, { token });
  const picks = (order.body.items as { productId: number }[]).map((item) => item.productId);
  for (const [i, review] of member.reviews.entries()) {
    const productId = picks[i];
    if (productId === undefined) break;
    await call('POST', '/productReview/Save', {
      body: {
        productId,
        rating: review.rating,
        description: review.description,
        agreementConfirmation: true,
      },
      token,
    });
  }
}
