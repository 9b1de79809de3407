import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { QuizSchema, QuizSubmitResponseSchema } from '@store/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryRateLimiter, type RateLimiter } from '../../http/rate-limit.ts';
import { startTestServer, type TestResponse, type TestServer } from '../../test/helpers.ts';
import { seedCatalog } from '../catalog/catalog.seed.ts';
import { QuizLimits } from './quiz.routes.ts';
import { QUIZ_OWNER_COOKIE } from './quiz-owner.ts';

const PASSWORD = 'violet-harbor-2931';
/** A password that must never be stored: searched for in every table after registration. */
const SENTINEL_PASSWORD = 'Sentinel-Pw-7f3a9c21';

/** Every test request comes from 127.0.0.1: per-IP limits are raised, the rest stay real. */
function relaxedLimiter(): RateLimiter {
  const inner = createMemoryRateLimiter();
  return {
    hit: (key, max, windowMs) => inner.hit(key, /-ip:/.test(key) ? 100_000 : max, windowMs),
    reset: (key) => inner.reset(key),
    giveBack: (key) => inner.giveBack(key),
    close: () => inner.close(),
  };
}

let server: TestServer;
let emailCounter = 0;
const newEmail = () => `quiz-taker-${++emailCounter}-${randomUUID().slice(0, 8)}@example.com`;

beforeAll(async () => {
  server = await startTestServer({}, { limiter: relaxedLimiter() });
  await seedCatalog(server.database.db);
});
afterAll(async () => {
  await server.close();
});

/** Answers of steps 1-11 (ids from the reference lists). */
function answers(overrides: Record<string, unknown> = {}) {
  return {
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
    ...overrides,
  };
}

interface Who {
  cookie?: string;
  token?: string;
}

function headersOf(who: Who): Record<string, string> {
  return who.cookie ? { cookie: `${QUIZ_OWNER_COOKIE}=${who.cookie}` } : {};
}

function takeQuiz(body: unknown, who: Who = {}, query = '') {
  return server.request('POST', `/api/theQuiz/TakeQuiz${query}`, {
    body,
    token: who.token,
    headers: headersOf(who),
  });
}

function getQuiz(id: string, who: Who = {}) {
  return server.request('GET', `/api/theQuiz/GetItem?id=${encodeURIComponent(id)}`, {
    token: who.token,
    headers: headersOf(who),
  });
}

function results(id: string, who: Who = {}) {
  return server.request('POST', '/api/product/GetProductQuizResults', {
    body: { id },
    token: who.token,
    headers: headersOf(who),
  });
}

function ownerCookieOf(res: TestResponse): string | undefined {
  for (const line of res.headers.getSetCookie()) {
    const match = new RegExp(`^${QUIZ_OWNER_COOKIE}=([^;]+)`).exec(line);
    if (match) return match[1];
  }
  return undefined;
}

/** Starts an anonymous quiz and answers its id and the owner cookie. */
async function startQuiz(overrides: Record<string, unknown> = {}) {
  const res = await takeQuiz(answers(overrides));
  expect(res.status).toBe(200);
  const cookie = ownerCookieOf(res)!;
  expect(cookie).toBeDefined();
  return { id: res.body.id as string, cookie };
}

/** Takes the quiz through step 12: a new account owns it. */
async function registerThroughQuiz(overrides: Record<string, unknown> = {}) {
  const { id, cookie } = await startQuiz(overrides);
  const email = newEmail();
  const res = await takeQuiz(
    {
      ...answers(overrides),
      id,
      profileInfo: { emailAddress: email, age: 30, phoneNumber: '' },
      password: PASSWORD,
      confirmPassword: PASSWORD,
    },
    { cookie },
    '?registration=true',
  );
  expect(res.status).toBe(200);
  return { id, cookie, email, token: res.body.authenticationResult.token as string };
}

async function count(table: 'quizzes' | 'orders' | 'order_items' | 'identities'): Promise<number> {
  const result = await server.database.db.execute<{ n: number }>(
    sql.raw(`SELECT count(*)::int AS n FROM ${table}`),
  );
  return Number(result.rows[0]!.n);
}

async function quizRow(id: string) {
  const result = await server.database.db.execute<Record<string, unknown>>(
    sql`SELECT * FROM quizzes WHERE id = ${id}`,
  );
  return result.rows[0];
}

describe('POST /api/theQuiz/TakeQuiz', () => {
  it('creates an anonymous quiz and hands its creator an HttpOnly, SameSite=Strict owner cookie', async () => {
    const before = await count('quizzes');
    const res = await takeQuiz(answers());
    expect(res.status).toBe(200);
    const body = QuizSubmitResponseSchema.strict().parse(res.body);
    expect(body.authenticationResult).toBeUndefined();
    expect(body.profileInfo).toEqual({ emailAddress: null, age: null, phoneNumber: null });
    const cookieLine = res.headers.getSetCookie().find((l) => l.startsWith(`${QUIZ_OWNER_COOKIE}=`))!;
    expect(cookieLine).toMatch(/; HttpOnly/);
    expect(cookieLine).toMatch(/; SameSite=Strict/);
    expect(cookieLine).toMatch(/; Path=\/api/);
    expect(await count('quizzes')).toBe(before + 1);
    const row = await quizRow(body.id);
    // Only the secret's hash is stored.
    expect(row!.owner_secret_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(ownerCookieOf(res)!);
  });

  it('treats an id of "" or "0" as a new quiz', async () => {
    for (const id of ['', '0']) {
      const before = await count('quizzes');
      const res = await takeQuiz({ ...answers(), id });
      expect(res.status).toBe(200);
      expect(res.body.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(await count('quizzes')).toBe(before + 1);
    }
  });

  it('reads option objects by their id and body keys in any case', async () => {
    const { flavors: _flavors, exerciseFrequency: _frequency, ...rest } = answers();
    const res = await takeQuiz({
      ...rest,
      Flavors: [
        { id: 4, displayName: 'Peanut Butter', isChecked: true },
        { id: 5, displayName: 'Salted Caramel', isChecked: true },
      ],
      EXERCISEFREQUENCY: { id: 3, displayName: '5-6 times a week' },
    });
    expect(res.status).toBe(200);
    const quiz = await getQuiz(res.body.id, { cookie: ownerCookieOf(res) });
    expect(quiz.body.flavors).toEqual([4, 5]);
    expect(quiz.body.exerciseFrequency).toBe(3);
  });

  it('reuses the browser owner cookie for a second quiz instead of issuing another', async () => {
    const { cookie } = await startQuiz();
    const second = await takeQuiz(answers(), { cookie });
    expect(second.status).toBe(200);
    expect(ownerCookieOf(second)).toBeUndefined();
    expect((await getQuiz(second.body.id, { cookie })).status).toBe(200);
  });

  it('updates the quiz when its creator sends the id and the cookie', async () => {
    const { id, cookie } = await startQuiz();
    const before = await count('quizzes');
    const res = await takeQuiz(
      { ...answers({ flavors: [6, 7], textures: [3], usedProteinBefore: false }), id },
      { cookie },
    );
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(id);
    expect(await count('quizzes')).toBe(before);
    const quiz = await getQuiz(id, { cookie });
    expect(quiz.body).toMatchObject({ flavors: [6, 7], textures: [3], usedProteinBefore: false });
  });

  it('treats a brand that is both liked and disliked as liked', async () => {
    const { id, cookie } = await startQuiz({ brandUsages: [2, 3], dislikedBrands: [3, 4] });
    expect((await getQuiz(id, { cookie })).body).toMatchObject({ brandUsages: [2, 3], dislikedBrands: [4] });
  });

  it.each([
    ['flavors', { flavors: [0, 99] }],
    ['textures', { textures: [42] }],
    ['dietaryRestrictions', { dietaryRestrictions: [7] }],
    ['brandUsages', { brandUsages: [999] }],
    ['dislikedBrands', { dislikedBrands: [0] }],
    ['exerciseFrequency', { exerciseFrequency: 42 }],
    ['proteinMixes', { proteinMixes: [50] }],
  ])(
    'refuses an unknown option id in %s with 400 naming the field, and stores nothing',
    async (field, bad) => {
      const before = await count('quizzes');
      const res = await takeQuiz(answers(bad));
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('validation_failed');
      expect(res.body.error_description).toContain(field);
      expect(Object.keys(res.body.fieldErrors)).toContain(field);
      expect(await count('quizzes')).toBe(before);
      expect(ownerCookieOf(res)).toBeUndefined();
    },
  );

  it('leaves a stored quiz untouched when an update carries an unknown option', async () => {
    const { id, cookie } = await startQuiz();
    const before = await quizRow(id);
    const res = await takeQuiz({ ...answers({ flavors: [1], textures: [77] }), id }, { cookie });
    expect(res.status).toBe(400);
    expect(await quizRow(id)).toEqual(before);
  });

  it('refuses 5 flavors with 400 and stores nothing', async () => {
    const before = await count('quizzes');
    const res = await takeQuiz(answers({ flavors: [0, 1, 2, 3, 4] }));
    expect(res.status).toBe(400);
    expect(res.body.error_description).toBe('Please choose at most 4 flavors.');
    expect(res.body.fieldErrors).toHaveProperty('flavors');
    expect(await count('quizzes')).toBe(before);
  });

  it('answers 404 to an anonymous update without the creator cookie, and changes nothing', async () => {
    const { id } = await startQuiz();
    const before = await quizRow(id);
    const noCookie = await takeQuiz({ ...answers({ flavors: [9] }), id });
    expect(noCookie.status).toBe(404);
    expect(noCookie.body.code).toBe('not_found');
    const other = await startQuiz();
    const wrongCookie = await takeQuiz({ ...answers({ flavors: [9] }), id }, { cookie: other.cookie });
    expect(wrongCookie.status).toBe(404);
    expect(await quizRow(id)).toEqual(before);
  });

  it('answers 404 for a quiz that does not exist or an id that is not one, and creates nothing', async () => {
    const { cookie } = await startQuiz();
    const before = await count('quizzes');
    for (const id of [randomUUID(), 'not-a-quiz', '12345']) {
      const res = await takeQuiz({ ...answers(), id }, { cookie });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error_description: 'That quiz was not found.', code: 'not_found' });
    }
    expect(await count('quizzes')).toBe(before);
  });

  it('answers 401 to a bearer token that is not valid, so the web app refreshes it', async () => {
    const res = await takeQuiz(answers(), { token: 'not-a-token' });
    expect(res.status).toBe(401);
  });

  it('refuses a password in the query string', async () => {
    const res = await takeQuiz(answers(), {}, '?registration=true&password=hunter22');
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('credentials_in_query');
  });
});

describe('POST /api/theQuiz/TakeQuiz?registration=true (step 12)', () => {
  it('leaves the new account out of marketing mail unless "Email me news and offers" was ticked', async () => {
    const subscribedOf = async (email: string) =>
      (
        await server.database.db.execute<{ is_email_subscribed: boolean }>(
          sql`SELECT is_email_subscribed FROM identities WHERE email = ${email}`,
        )
      ).rows[0]!.is_email_subscribed;
    const silent = await registerThroughQuiz();
    expect(await subscribedOf(silent.email)).toBe(false);
    const declined = await registerThroughQuiz({ isEmailSubscribed: false });
    expect(await subscribedOf(declined.email)).toBe(false);
    const ticked = await registerThroughQuiz({ isEmailSubscribed: true });
    expect(await subscribedOf(ticked.email)).toBe(true);
  });

  it('creates the account, signs it in and gives it the quiz; the password is stored nowhere', async () => {
    const { id, cookie } = await startQuiz();
    const email = newEmail();
    const identities = await count('identities');
    const res = await takeQuiz(
      {
        ...answers(),
        id,
        profileInfo: { emailAddress: email, age: 34, phoneNumber: '(555) 123-4567' },
        password: SENTINEL_PASSWORD,
        confirmPassword: SENTINEL_PASSWORD,
      },
      { cookie },
      '?registration=true&referralCode=FRIEND1',
    );
    expect(res.status).toBe(200);
    const body = QuizSubmitResponseSchema.strict().parse(res.body);
    expect(body.id).toBe(id);
    expect(body.profileInfo).toEqual({ emailAddress: email, age: 34, phoneNumber: '(555) 123-4567' });
    expect(body.authenticationResult?.token).toBeTruthy();
    expect(body.authenticationResult?.refresh_token).toBeTruthy();
    expect(res.text).not.toContain(SENTINEL_PASSWORD);
    expect(await count('identities')).toBe(identities + 1);

    const row = await quizRow(id);
    expect(row!.identity_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(row!.owner_secret_hash).toBeNull();
    expect(row!.referral_code).toBe('FRIEND1');
    const token = body.authenticationResult!.token;
    const auth = await server.request('GET', '/api/Account/AuthInfo', { token });
    expect(auth.body.identity.quizId).toBe(id);

    // No table holds the password in plain text (docs/reliability.md#a2, docs/reliability.md#b5).
    const tables = await server.database.db.execute<{ table_name: string }>(sql`
      SELECT table_name FROM information_schema.tables
      WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'`);
    for (const { table_name } of tables.rows) {
      const dump = await server.database.db.execute(sql.raw(`SELECT * FROM "${table_name}"`));
      expect(JSON.stringify(dump.rows), table_name).not.toContain(SENTINEL_PASSWORD);
    }
  });

  it('moves the quiz to the account: the cookie alone no longer opens it, the token does', async () => {
    const { id, cookie, token } = await registerThroughQuiz();
    expect((await getQuiz(id, { cookie })).status).toBe(404);
    const own = await getQuiz(id, { token });
    expect(own.status).toBe(200);
    expect((await takeQuiz({ ...answers({ flavors: [8] }), id }, { cookie })).status).toBe(404);
    expect((await takeQuiz({ ...answers({ flavors: [8] }), id }, { token })).status).toBe(200);
  });

  it('answers email_taken for an email that has an account, and stores nothing', async () => {
    const first = await registerThroughQuiz();
    const { id, cookie } = await startQuiz();
    const before = await quizRow(id);
    const identities = await count('identities');
    const res = await takeQuiz(
      {
        ...answers({ flavors: [5, 6, 7, 8] }),
        id,
        profileInfo: { emailAddress: first.email.toUpperCase(), age: 40 },
        password: PASSWORD,
        confirmPassword: PASSWORD,
      },
      { cookie },
      '?registration=true',
    );
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error_description: 'An account with this email already exists. Please log in instead.',
      code: 'email_taken',
    });
    expect(await quizRow(id)).toEqual(before);
    expect(await count('identities')).toBe(identities);
  });

  it.each([
    ['fewer than 4 flavors', { flavors: [0, 1, 2] }, {}, 'flavors'],
    ['passwords that differ', {}, { confirmPassword: 'something-else-entirely' }, 'confirmPassword'],
    ['an age under 13', {}, { profileInfo: { emailAddress: 'kid@example.com', age: 12 } }, 'age'],
    ['no age', {}, { profileInfo: { emailAddress: 'noage@example.com', age: 0 } }, 'age'],
    ['an invalid email', {}, { profileInfo: { emailAddress: 'not-an-email', age: 30 } }, 'emailAddress'],
    ['a 5-character password', {}, { password: 'abcde', confirmPassword: 'abcde' }, 'password'],
    ['a common password', {}, { password: 'password123', confirmPassword: 'password123' }, 'password'],
    [
      'an invalid phone',
      {},
      { profileInfo: { emailAddress: 'phone@example.com', age: 30, phoneNumber: '12' } },
      'phoneNumber',
    ],
  ])('refuses %s with 400 and stores nothing', async (_case, answerChanges, registration, field) => {
    const { id, cookie } = await startQuiz();
    const before = await quizRow(id);
    const identities = await count('identities');
    const res = await takeQuiz(
      {
        ...answers(answerChanges),
        id,
        profileInfo: { emailAddress: newEmail(), age: 30 },
        password: PASSWORD,
        confirmPassword: PASSWORD,
        ...registration,
      },
      { cookie },
      '?registration=true',
    );
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.fieldErrors ?? {})).toContain(field);
    expect(await quizRow(id)).toEqual(before);
    expect(await count('identities')).toBe(identities);
  });

  it('does not register a second account on a quiz that already belongs to one (its cookie alone is 404)', async () => {
    const { id, cookie } = await registerThroughQuiz();
    const identities = await count('identities');
    const res = await takeQuiz(
      {
        ...answers(),
        id,
        profileInfo: { emailAddress: newEmail(), age: 30 },
        password: PASSWORD,
        confirmPassword: PASSWORD,
      },
      { cookie },
      '?registration=true',
    );
    expect(res.status).toBe(404);
    expect(await count('identities')).toBe(identities);
  });
});

describe('GET /api/theQuiz/GetItem', () => {
  it('answers the creator its quiz, with no password fields', async () => {
    const { id, cookie } = await startQuiz({ dietaryRestrictions: [2] });
    const res = await getQuiz(id, { cookie });
    expect(res.status).toBe(200);
    const quiz = QuizSchema.strict().parse(res.body);
    expect(quiz).toMatchObject({ id, dietaryRestrictions: [2], orderId: null, flavors: [0, 1, 2, 3] });
    expect(res.text).not.toMatch(/password/i);
    expect(res.text).not.toMatch(/owner/i);
  });

  it('answers 404 without the cookie, to another account, and for a missing quiz', async () => {
    const { id } = await startQuiz();
    expect((await getQuiz(id)).status).toBe(404);
    const stranger = await registerThroughQuiz();
    expect((await getQuiz(id, { token: stranger.token })).status).toBe(404);
    const owned = await registerThroughQuiz();
    expect((await getQuiz(owned.id, { token: stranger.token })).status).toBe(404);
    expect((await getQuiz(randomUUID(), { token: stranger.token })).status).toBe(404);
    expect((await getQuiz('x')).status).toBe(404);
  });

  it('answers 400 without an id', async () => {
    expect((await server.request('GET', '/api/theQuiz/GetItem')).status).toBe(400);
  });
});

describe('POST /api/product/GetProductQuizResults', () => {
  it('answers 401 to an anonymous caller and creates no order', async () => {
    const { id, cookie } = await startQuiz();
    const orders = await count('orders');
    const res = await results(id, { cookie });
    expect(res.status).toBe(401);
    expect(await count('orders')).toBe(orders);
  });

  it("creates the first box's draft order once, with the top 2 matches as prime picks", async () => {
    const { id, token } = await registerThroughQuiz({ dietaryRestrictions: [2], flavors: [0, 4, 6, 11] });
    const orders = await count('orders');
    const res = await results(id, { token });
    expect(res.status).toBe(200);
    const { products, orderId } = res.body;
    expect(products.length).toBeGreaterThanOrEqual(2);
    expect(products.length).toBeLessThanOrEqual(6);
    for (const p of products) {
      expect(p.allergens).not.toContain('Milk');
      expect(p.reason).toMatch(/lactose-free/);
      expect(p.inStock).toBe(true);
    }
    expect(await count('orders')).toBe(orders + 1);

    const order = (
      await server.database.db.execute<Record<string, unknown>>(
        sql`SELECT * FROM orders WHERE id = ${orderId}`,
      )
    ).rows[0]!;
    expect(order).toMatchObject({
      kind: 'first_box',
      status: 'draft',
      quiz_id: id,
      price_cents: server.config.planPriceCents,
      handling_fee_cents: server.config.handlingFeeCents,
      tax_cents: 0,
      total_cents: server.config.planPriceCents + server.config.handlingFeeCents,
    });
    expect(order.order_number).toMatch(/^\d{8,}$/);
    const items = await server.database.db.execute<{ product_id: number; is_prime_pick: boolean }>(
      sql`SELECT product_id, is_prime_pick FROM order_items WHERE order_id = ${orderId} ORDER BY product_id`,
    );
    expect(items.rows.map((r) => r.product_id)).toEqual(
      [products[0].id, products[1].id].sort((a, b) => a - b),
    );
    expect(items.rows.every((r) => r.is_prime_pick)).toBe(true);

    expect((await getQuiz(id, { token })).body.orderId).toBe(orderId);
    const auth = await server.request('GET', '/api/Account/AuthInfo', { token });
    expect(auth.body.identity).toMatchObject({ quizId: id, orderId });

    const again = await results(id, { token });
    expect(again.status).toBe(200);
    expect(again.body.orderId).toBe(orderId);
    expect(again.body.products).toEqual(products);
    expect(await count('orders')).toBe(orders + 1);
  });

  it('creates exactly one order when asked 5 times at once', async () => {
    const { id, token } = await registerThroughQuiz();
    const orders = await count('orders');
    const items = await count('order_items');
    const answersAll = await Promise.all(Array.from({ length: 5 }, () => results(id, { token })));
    for (const res of answersAll) expect(res.status).toBe(200);
    expect(new Set(answersAll.map((r) => r.body.orderId)).size).toBe(1);
    expect(await count('orders')).toBe(orders + 1);
    expect(await count('order_items')).toBe(items + 2);
  });

  it("answers 404 for another account's quiz and for a missing one, and creates no order", async () => {
    const owner = await registerThroughQuiz();
    const stranger = await registerThroughQuiz();
    const orders = await count('orders');
    expect((await results(owner.id, { token: stranger.token })).status).toBe(404);
    expect((await results(randomUUID(), { token: stranger.token })).status).toBe(404);
    expect((await results('nope', { token: stranger.token })).status).toBe(404);
    expect(await count('orders')).toBe(orders);
  });

  it('answers 400 without a quiz id', async () => {
    const { token } = await registerThroughQuiz();
    const res = await server.request('POST', '/api/product/GetProductQuizResults', { body: {}, token });
    expect(res.status).toBe(400);
  });

  it('gives the quiz to a creator who signed in with an existing account, then creates the order', async () => {
    const account = await registerThroughQuiz();
    const { id, cookie } = await startQuiz();
    const res = await results(id, { cookie, token: account.token });
    expect(res.status).toBe(200);
    expect((await quizRow(id))!.identity_id).toBe((await quizRow(account.id))!.identity_id);
    expect((await getQuiz(id, { cookie })).status).toBe(404);
  });

  it('answers 409 and creates no order when no 2 samples fit the answers', async () => {
    // Vegan, and every brand that makes plant protein is disliked.
    const { id, token } = await registerThroughQuiz({
      dietaryPreferences: [0],
      brandUsages: [],
      dislikedBrands: [2, 7, 8],
    });
    const orders = await count('orders');
    const res = await results(id, { token });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('conflict');
    expect(await count('orders')).toBe(orders);
  });

  it('swaps the prime picks of the unpaid first box when the answers change, but not after payment', async () => {
    const { id, token } = await registerThroughQuiz({ flavors: [0, 1, 2, 3] });
    const { orderId, products } = (await results(id, { token })).body;
    const picks = async () =>
      (
        await server.database.db.execute<{ product_id: number }>(
          sql`SELECT product_id FROM order_items WHERE order_id = ${orderId} AND is_prime_pick ORDER BY product_id`,
        )
      ).rows.map((r) => r.product_id);
    expect(await picks()).toEqual([products[0].id, products[1].id].sort((a, b) => a - b));

    // Now lactose intolerant: no prime pick may contain milk any more.
    expect((await takeQuiz({ ...answers({ dietaryRestrictions: [2] }), id }, { token })).status).toBe(200);
    const after = await server.request('GET', `/api/product/GetQuizProducts?quizId=${id}`, { token });
    const newPicks = await picks();
    expect(newPicks).toEqual([after.body[0].id, after.body[1].id].sort((a, b) => a - b));
    for (const p of after.body) expect(p.allergens).not.toContain('Milk');
    expect(await count('orders')).toBeGreaterThan(0);

    await server.database.db.execute(sql`UPDATE orders SET status = 'paid' WHERE id = ${orderId}`);
    expect((await takeQuiz({ ...answers({ flavors: [9] }), id }, { token })).status).toBe(200);
    expect(await picks()).toEqual(newPicks);
  });
});

describe('GET /api/product/GetQuizProducts', () => {
  it("answers the quiz's results to its owner, and 404 to anyone else", async () => {
    const owner = await registerThroughQuiz();
    const stored = (await results(owner.id, { token: owner.token })).body.products;
    const res = await server.request('GET', `/api/product/GetQuizProducts?quizId=${owner.id}`, {
      token: owner.token,
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(stored);

    const stranger = await registerThroughQuiz();
    const other = await server.request('GET', `/api/product/GetQuizProducts?quizId=${owner.id}`, {
      token: stranger.token,
    });
    expect(other.status).toBe(404);
    expect((await server.request('GET', `/api/product/GetQuizProducts?quizId=${owner.id}`)).status).toBe(404);
    expect((await server.request('GET', `/api/product/GetQuizProducts?quizId=${randomUUID()}`)).status).toBe(
      404,
    );
    expect((await server.request('GET', '/api/product/GetQuizProducts')).status).toBe(400);
  });

  it('computes the matches of an anonymous quiz for its creator without creating an order', async () => {
    const { id, cookie } = await startQuiz({ dietaryPreferences: [0] });
    const orders = await count('orders');
    const res = await server.request('GET', `/api/product/GetQuizProducts?quizId=${id}`, {
      headers: headersOf({ cookie }),
    });
    expect(res.status).toBe(200);
    expect(res.body.length).toBeGreaterThanOrEqual(2);
    for (const p of res.body) expect(p.diets).toContain('Vegan');
    expect(await count('orders')).toBe(orders);
    expect((await quizRow(id))!.matches).toBeNull();
  });
});

describe('GET /api/product/GetPersonalizedOptions', () => {
  it('answers 401 to an anonymous caller', async () => {
    expect((await server.request('GET', '/api/product/GetPersonalizedOptions')).status).toBe(401);
  });

  it("lists the products that suit the member's restrictions, unlocking those of paid boxes", async () => {
    const member = await registerThroughQuiz({ dietaryRestrictions: [2, 3] });
    const { orderId } = (await results(member.id, { token: member.token })).body;
    const get = () => server.request('GET', '/api/product/GetPersonalizedOptions', { token: member.token });

    const before = await get();
    expect(before.status).toBe(200);
    expect(before.body.length).toBeGreaterThan(6);
    for (const p of before.body) {
      expect(p.allergens).not.toContain('Milk');
      expect(p.allergens).not.toContain('Peanuts');
      expect(p.unlocked).toBe(false);
    }

    await server.database.db.execute(sql`UPDATE orders SET status = 'paid' WHERE id = ${orderId}`);
    const picks = (
      await server.database.db.execute<{ product_id: number }>(
        sql`SELECT product_id FROM order_items WHERE order_id = ${orderId}`,
      )
    ).rows.map((r) => r.product_id);
    const after = await get();
    const unlocked = after.body
      .filter((p: { unlocked: boolean }) => p.unlocked)
      .map((p: { id: number }) => p.id);
    expect(unlocked.sort()).toEqual(picks.sort());

    const detail = await server.request('GET', `/api/product/GetItem?id=${picks[0]}`, {
      token: member.token,
    });
    expect(detail.body.unlocked).toBe(true);
    const anonymous = await server.request('GET', `/api/product/GetItem?id=${picks[0]}`);
    expect(anonymous.body.unlocked).toBe(false);
  });

  it('lists the whole catalog to a member without a quiz', async () => {
    const member = await registerThroughQuiz();
    // Another account's quiz does not count: a fresh token of a member whose quiz has no restrictions.
    const res = await server.request('GET', '/api/product/GetPersonalizedOptions', { token: member.token });
    expect(res.status).toBe(200);
    expect(res.body.length).toBeGreaterThanOrEqual(40);
  });
});

describe('logs of the quiz (F6)', () => {
  it('never contain the password, the owner cookie or the tokens of a registration', async () => {
    let log = '';
    const logStream = new Writable({
      write(chunk, _encoding, done) {
        log += chunk.toString();
        done();
      },
    });
    const logged = await startTestServer({ logLevel: 'trace' }, { limiter: relaxedLimiter(), logStream });
    try {
      await seedCatalog(logged.database.db);
      const start = await logged.request('POST', '/api/theQuiz/TakeQuiz?referralCode=ABC', {
        body: answers(),
      });
      const cookie = ownerCookieOf(start)!;
      const body = {
        ...answers(),
        id: start.body.id,
        profileInfo: { emailAddress: newEmail(), age: 30 },
        password: SENTINEL_PASSWORD,
        confirmPassword: SENTINEL_PASSWORD,
      };
      const headers = headersOf({ cookie });
      const mismatch = await logged.request('POST', '/api/theQuiz/TakeQuiz?registration=true', {
        body: { ...body, confirmPassword: `${SENTINEL_PASSWORD}-x` },
        headers,
      });
      expect(mismatch.status).toBe(400);
      const ok = await logged.request('POST', '/api/theQuiz/TakeQuiz?registration=true', { body, headers });
      expect(ok.status).toBe(200);
      await logged.request('GET', `/api/theQuiz/GetItem?id=${start.body.id}`, {
        token: ok.body.authenticationResult.token,
      });
      expect(log).toContain('/api/theQuiz/TakeQuiz');
      expect(log).not.toContain(SENTINEL_PASSWORD);
      expect(log).not.toContain(cookie);
      expect(log).not.toContain(ok.body.authenticationResult.token);
      expect(log).not.toContain(ok.body.authenticationResult.refresh_token);
    } finally {
      await logged.close();
    }
  });
});

describe('quiz rate limits', () => {
  it('stops one address from creating quizzes without end (429 with retry-after)', async () => {
    const limited = await startTestServer();
    try {
      await seedCatalog(limited.database.db);
      const statuses: number[] = [];
      for (let i = 0; i <= QuizLimits.createIp.max; i++) {
        const res = await limited.request('POST', '/api/theQuiz/TakeQuiz', { body: answers() });
        statuses.push(res.status);
        if (res.status === 429) expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      }
      expect(statuses.slice(0, QuizLimits.createIp.max).every((s) => s === 200)).toBe(true);
      expect(statuses.at(-1)).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
