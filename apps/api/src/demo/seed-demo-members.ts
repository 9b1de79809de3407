import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import type { Config } from '../config/env.ts';
import type { Db } from '../db/database.ts';
import { passwordsKnowing } from '../modules/accounts/index.ts';
import type { Mailer } from '../modules/mail/index.ts';
import { QUIZ_OWNER_COOKIE } from '../modules/quiz/index.ts';
import {
  DEMO_MEMBER_EMAIL_PREFIX,
  DEMO_MEMBER_PASSWORD,
  type DemoAct,
  type DemoMember,
  type DemoQuizVisit,
  demoHistory,
  demoMembers,
} from './demo-members.ts';

/** Mail the seeding app would send (verification links, receipts, reminders) goes nowhere. */
const NO_MAIL: Mailer = { send: async () => {} };

/** The seeding app's requests all come from one process: no limit applies to them. */
const NO_LIMITS = {
  hit: async () => ({ allowed: true, retryAfterSeconds: 0 }),
  reset: async () => {},
  giveBack: async () => {},
  close: async () => {},
};

/** How many members act at once: the database work of one overlaps another's. */
const AT_ONCE = 4;

const DAY_MS = 24 * 60 * 60 * 1000;
/** The history's cycle engine runs every this many days (as a server whose sweeper was down a day would). */
const SWEEP_EVERY_DAYS = 3;
/** An access token lasts 15 minutes; a member coming back later signs in again. */
const SESSION_MS = 10 * 60 * 1000;

export interface DemoHistoryOptions {
  /** How many days the history covers, ending at `until`. */
  days: number;
  /** The end of the history; now unless a test fixes it. */
  until?: Date;
}

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
 * With `history`, on a database that has no demo member yet, they join over that many days
 * instead of all at once: the seeding app's clock is moved forward a day at a time, the cycle
 * engine's sweep (the dev clock's `POST /dev/sweep`) runs at each day, and each member's acts of
 * `demoHistory` are played on their day. Every row is then dated on that clock.
 *
 * Only with the sandbox: a store talking to Stripe gets no demo member (their saved cards exist
 * only in the sandbox). Once per database: a member whose address exists is skipped, so a second
 * start adds nobody; a start after one that stopped halfway lets the missing ones join now,
 * without a history (what was played stays). Several processes starting at once are kept apart
 * by the caller (the migration lock).
 */
export async function seedDemoMembers(
  db: Db,
  config: Config,
  options: {
    /** The cast; all of `demoMembers()` unless a test plays a few of them (ignored with a history). */
    members?: DemoMember[];
    /** Members join over this history; without it, all of them join now. */
    history?: DemoHistoryOptions & { members: number };
  } = {},
): Promise<DemoMembersResult> {
  const started = Date.now();
  if (config.paymentsProvider !== 'sandbox') return { created: 0, ms: 0 };
  const existing = await db.execute<{ email: string }>(
    sql`SELECT email FROM identities WHERE email LIKE ${`${DEMO_MEMBER_EMAIL_PREFIX}%`}`,
  );
  const known = new Set(existing.rows.map((r) => r.email));
  const plan = options.history ? demoHistory(options.history) : undefined;
  const cast = plan ? plan.stories.map((s) => s.member) : (options.members ?? demoMembers());
  const missing = cast.filter((member) => !known.has(member.email));
  if (missing.length === 0) return { created: 0, ms: Date.now() - started };
  const withHistory = plan !== undefined && known.size === 0;

  const clock = movableClock(
    withHistory
      ? (options.history?.until ?? new Date()).getTime() - options.history!.days * DAY_MS
      : undefined,
    options.history?.until,
  );
  const app = await buildApp({
    // 'test' keeps the seeding app's scheduler off; it serves no pages and logs nothing.
    config: { ...config, env: 'test', webDist: undefined, logLevel: 'silent' },
    db,
    mailer: NO_MAIL,
    limiter: NO_LIMITS,
    clock: clock.now,
    // Every demo member has the one published password: argon2 once for all of them.
    passwords: passwordsKnowing(DEMO_MEMBER_PASSWORD),
  });
  try {
    if (withHistory) await playHistory(app, clock, plan, options.history!);
    else {
      // In the cast's order, a few at a time.
      for (let i = 0; i < missing.length; i += AT_ONCE) {
        await Promise.all(
          missing.slice(i, i + AT_ONCE).map(async (member) => {
            const joined = await join(app, member);
            await review(joined);
          }),
        );
      }
    }
  } finally {
    await app.close();
  }
  return { created: missing.length, ms: Date.now() - started };
}

/**
 * The seeding app's clock: real time, or a moment of the history set by `at`, which then runs on
 * with real time (the work of one simulated day takes a few real seconds) but never past `until`.
 */
interface MovableClock {
  now: () => Date;
  at(moment: number): void;
}

function movableClock(start: number | undefined, until: Date | undefined): MovableClock {
  let base = start;
  let setAt = Date.now();
  const end = () => until?.getTime() ?? Date.now();
  return {
    now: () => (base === undefined ? new Date() : new Date(Math.min(end(), base + (Date.now() - setAt)))),
    at(moment) {
      base = moment;
      setAt = Date.now();
    },
  };
}

type Call = (
  method: 'GET' | 'POST',
  url: string,
  init?: { body?: unknown; token?: string; cookie?: string; allow?: number[] },
) => Promise<{
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: the seed reads the store's JSON answers loosely, as a client does
  body: any;
  setCookie: string | string[] | undefined;
}>;

/** The store's API as one person calls it; any answer other than 200 (or an allowed one) stops the seed. */
function caller(app: FastifyInstance, who: string): Call {
  return async (method, url, init = {}) => {
    const response = await app.inject({
      method,
      url: `/api${url}`,
      headers: {
        ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
        ...(init.cookie ? { cookie: init.cookie } : {}),
      },
      ...(init.body === undefined ? {} : { payload: init.body as object }),
    });
    if (response.statusCode !== 200 && !init.allow?.includes(response.statusCode)) {
      throw new Error(`demo ${who}: ${method} ${url} answered ${response.statusCode} ${response.body}`);
    }
    const body = response.body ? response.json() : undefined;
    return { status: response.statusCode, body, setCookie: response.headers['set-cookie'] };
  };
}

/** A member after joining: what their later acts need. */
interface Joined {
  member: DemoMember;
  call: Call;
  orderId: string;
  token: string;
  /** When the token was issued, on the seeding app's clock. */
  tokenAt: number;
  now: () => Date;
}

const quizBody = (answers: DemoMember['answers']) => ({
  ...answers,
  textures: [],
  lifestylePerformanceGoals: [],
  dietaryRestrictions: [],
  dislikedBrands: [],
});

/** The quiz to its last step and the sign-up there; answers the member's results' order. */
async function signUp(call: Call, email: string, answers: DemoMember['answers'], age: number) {
  const body = quizBody(answers);
  const quiz = await call('POST', '/theQuiz/TakeQuiz', { body: { ...body, step: 11 } });
  const cookie = [quiz.setCookie ?? []]
    .flat()
    .map((line) => line.split(';')[0]!)
    .find((pair) => pair.startsWith(`${QUIZ_OWNER_COOKIE}=`));
  const signedUp = await call('POST', '/theQuiz/TakeQuiz?registration=true', {
    body: {
      ...body,
      id: quiz.body.id,
      step: 12,
      profileInfo: { emailAddress: email, age, phoneNumber: '' },
      password: DEMO_MEMBER_PASSWORD,
      confirmPassword: DEMO_MEMBER_PASSWORD,
    },
    cookie,
  });
  const token = signedUp.body.authenticationResult.token as string;
  const results = await call('POST', '/product/GetProductQuizResults', { body: { id: quiz.body.id }, token });
  return { token, orderId: results.body.orderId as string };
}

/** One demo member from the quiz to their paid first box; any refusal stops the seed with its reason. */
async function join(
  app: FastifyInstance,
  member: DemoMember,
  now: () => Date = () => new Date(),
): Promise<Joined> {
  const call = caller(app, `member ${member.email}`);
  const tokenAt = now().getTime();
  const { token, orderId } = await signUp(
    call,
    member.email,
    member.answers,
    24 + ((member.firstName.length * 7) % 30),
  );
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
  return { member, call, orderId, token, tokenAt, now };
}

/** A token for a member coming back: the one they have while it lasts, else they sign in again. */
async function session(joined: Joined): Promise<string> {
  const now = joined.now().getTime();
  if (now - joined.tokenAt < SESSION_MS) return joined.token;
  const login = await joined.call('POST', '/User/Login', {
    body: { emailAddress: joined.member.email, password: DEMO_MEMBER_PASSWORD },
  });
  joined.token = login.body.token as string;
  joined.tokenAt = now;
  return joined.token;
}

/** Reviews of the first box's prime picks, with the cast's stars and words. */
async function review(joined: Joined): Promise<void> {
  if (joined.member.reviews.length === 0) return;
  const token = await session(joined);
  const order = await joined.call('GET', `/order/GetItem?id=${joined.orderId}`, { token });
  const picks = (order.body.items as { productId: number; isPrimePick: boolean }[])
    .filter((item) => item.isPrimePick)
    .map((item) => item.productId);
  for (const [i, words] of joined.member.reviews.entries()) {
    const productId = picks[i];
    if (productId === undefined) break;
    await joined.call('POST', '/productReview/Save', {
      body: { productId, rating: words.rating, description: words.description, agreementConfirmation: true },
      token,
    });
  }
}

/** The membership as the member area reads it. */
async function membership(joined: Joined, token: string) {
  const info = await joined.call('GET', '/Account/AuthInfo', { token });
  return info.body.subscription as {
    statusName: string;
    cycleStatus: number;
    currentOrderId: string | null;
    skippedBoxes: number;
  } | null;
}

/** Answers a membership's state may refuse (409: canceled, past due, an offer already taken). */
const REFUSED = [409];

/** One later act of a member; one their membership no longer allows (canceled, past due) is left out. */
async function act(joined: Joined, what: DemoAct): Promise<void> {
  const { call } = joined;
  if (what.kind === 'review') return review(joined);
  const token = await session(joined);
  switch (what.kind) {
    case 'samples': {
      // Build Your Box (stage 2, index 1) of a live membership only; the store chooses for them
      // after the deadline.
      const current = await membership(joined, token);
      if (current?.statusName !== 'Active' || current.cycleStatus !== 1 || !current.currentOrderId) return;
      const orderId = current.currentOrderId;
      const choices = await call('GET', `/order/GetSampleChoices?id=${orderId}`, { token, allow: REFUSED });
      const order = await call('GET', `/order/GetItem?id=${orderId}`, { token });
      const items = order.body.items as { id: string; productId: number; isPrimePick: boolean }[];
      if (choices.status !== 200 || items.length >= 4) return;
      const inBox = new Set(items.map((item) => item.productId));
      const chosen = (choices.body as { id: number }[]).filter((p) => !inBox.has(p.id)).slice(0, 2);
      await call('POST', '/order/Save', {
        body: {
          id: orderId,
          items: [
            ...items.map((item) => ({ id: item.id, productId: item.productId })),
            ...chosen.map((p) => ({ id: 0, productId: p.id })),
          ],
        },
        token,
        allow: REFUSED,
      });
      return;
    }
    case 'skip':
      await call('POST', '/user/SkipNextBox', { token, allow: REFUSED });
      return;
    case 'pause':
      await call('POST', `/user/PauseSubscription?cycles=${what.cycles}`, { token, allow: REFUSED });
      return;
    case 'shop':
    case 'extra': {
      const shop = await call('GET', '/product/GetShopProducts', { token });
      const unlocked = shop.body.subscribedToProducts as { id: number; stock?: number }[];
      const product = unlocked[joined.member.firstName.length % Math.max(1, unlocked.length)];
      if (!product) return;
      if (what.kind === 'extra') {
        await call('POST', '/order/AddToNextBox', {
          body: { productId: product.id, quantity: 1 },
          token,
          allow: [...REFUSED, 400],
        });
        return;
      }
      const cart = await call('POST', `/cart/addToCart?productId=${product.id}`, { token, allow: [400] });
      if (cart.status !== 200) return;
      await call(
        'POST',
        `/Payment/CreateCheckoutPayment?${new URLSearchParams({ cartId: String(cart.body.id), paymentMethodId: 'pm_card_visa' })}`,
        {
          body: {
            firstName: joined.member.firstName,
            lastName: joined.member.lastName,
            shippingAddress: { ...joined.member.address, street2: '' },
          },
          token,
          allow: [...REFUSED, 400],
        },
      );
      return;
    }
    case 'cancel': {
      for (const reason of what.reasons) {
        await call('GET', `/user/CancelOffer?cancelReason=${reason}`, { token, allow: REFUSED });
      }
      const reason = what.reasons.at(-1)!;
      if (what.takesOffer) {
        const taken = await call('POST', `/user/AcceptCancelOffer?cancelReason=${reason}`, {
          token,
          allow: REFUSED,
        });
        if (taken.status === 200) return;
      }
      await call('POST', `/user/CancelSubscription?cancelReason=${reason}`, { token, allow: REFUSED });
      return;
    }
  }
}

/** A visitor who leaves the quiz after a step, or signs up at its last step and never pays. */
async function visit(app: FastifyInstance, visitor: DemoQuizVisit): Promise<void> {
  const call = caller(app, `visitor ${visitor.email ?? visitor.step}`);
  if (visitor.email) {
    await signUp(call, visitor.email, visitor.answers, 31);
    return;
  }
  // The answers of the steps they gave, in the quiz's order (docs/product.md#insights).
  const full = quizBody(visitor.answers);
  const answered = {
    exerciseTypes: visitor.step >= 1 ? full.exerciseTypes : [],
    exerciseFrequency: visitor.step >= 2 ? full.exerciseFrequency : null,
    fitnessGoals: visitor.step >= 3 ? full.fitnessGoals : [],
    lifestylePerformanceGoals: [],
    dietaryPreferences: visitor.step >= 4 ? full.dietaryPreferences : [],
    dietaryRestrictions: [],
    flavors: visitor.step >= 6 ? full.flavors : [],
    textures: [],
    usedProteinBefore: visitor.step >= 8 ? full.usedProteinBefore : null,
    proteinMixes: visitor.step >= 9 ? full.proteinMixes : [],
    brandUsages: visitor.step >= 10 ? full.brandUsages : [],
    dislikedBrands: [],
  };
  await call('POST', '/theQuiz/TakeQuiz', { body: { ...answered, step: visitor.step } });
}

/**
 * The history, a day at a time: the clock is set to the day, the cycle engine sweeps at that
 * moment (renewals, the samples the store chooses, shipping and delivery, review windows,
 * reminders), then whoever joins, acts or visits that day does so a few at a time. A last sweep at
 * the end brings every membership to where it stands today.
 */
async function playHistory(
  app: FastifyInstance,
  clock: MovableClock,
  plan: ReturnType<typeof demoHistory>,
  options: DemoHistoryOptions,
): Promise<void> {
  const until = (options.until ?? new Date()).getTime();
  const start = until - options.days * DAY_MS;
  const dayOf = (daysAgo: number) => options.days - daysAgo;
  type Work = () => Promise<void>;
  const byDay = new Map<number, Work[]>();
  const add = (day: number, work: Work) => {
    if (day < 0 || day > options.days) return;
    byDay.set(day, [...(byDay.get(day) ?? []), work]);
  };
  for (const story of plan.stories) {
    const joinDay = dayOf(story.joinsDaysAgo);
    let joined: Promise<Joined> | undefined;
    add(joinDay, async () => {
      joined = join(app, story.member, clock.now);
      await joined;
    });
    for (const what of story.acts) add(joinDay + what.day, async () => act(await joined!, what));
  }
  for (const visitor of plan.visits) add(dayOf(visitor.daysAgo), () => visit(app, visitor));

  const sweep = async (at: number) => {
    const response = await app.inject({
      method: 'POST',
      url: `/api/dev/sweep?at=${new Date(at).toISOString()}`,
    });
    if (response.statusCode !== 200) throw new Error(`demo history: the sweep answered ${response.body}`);
  };
  for (let day = 0; day <= options.days; day++) {
    // The sweep at midnight (UTC), the members during the day (from 9 o'clock), never past the end.
    const midnight = start - (start % DAY_MS) + day * DAY_MS;
    if (midnight > until) break;
    clock.at(midnight);
    // Every third day is often enough: the engine catches up on what fell due in between.
    if (day % SWEEP_EVERY_DAYS === 0) await sweep(midnight);
    clock.at(Math.min(until, midnight + 9 * 60 * 60 * 1000));
    const work = byDay.get(day) ?? [];
    for (let i = 0; i < work.length; i += AT_ONCE)
      await Promise.all(work.slice(i, i + AT_ONCE).map((w) => w()));
  }
  clock.at(until);
  await sweep(until);
}
