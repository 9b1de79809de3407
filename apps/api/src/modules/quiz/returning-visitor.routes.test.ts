import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/helpers.ts';
import { signUpVerified } from '../accounts/accounts.test-support.ts';
import { seedCatalog } from '../catalog/catalog.seed.ts';
import { newMember, payOrder, relaxedLimiter } from '../checkout/checkout.test-support.ts';

/**
 * Someone already signed in takes the quiz (docs/product.md#returning-visitors): step 12 does not
 * register them again, it joins the quiz to their account, asking only for a missing age.
 */

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({}, { limiter: relaxedLimiter() });
  await seedCatalog(server.database.db);
});
afterAll(async () => {
  await server.close();
});

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

const email = () => `returning-${randomUUID().slice(0, 8)}@example.com`;

async function identityRow(id: string) {
  const result = await server.database.db.execute<{ age: number | null; quiz_id: string | null }>(
    sql`SELECT age, quiz_id FROM identities WHERE id = ${id}`,
  );
  return result.rows[0]!;
}

async function identityCount(): Promise<number> {
  const result = await server.database.db.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM identities`,
  );
  return Number(result.rows[0]!.n);
}

function takeQuiz(token: string, body: unknown, query = '') {
  return server.request('POST', `/api/theQuiz/TakeQuiz${query}`, { body, token });
}

describe('POST /api/theQuiz/TakeQuiz?registration=true by someone already signed in', () => {
  it('a /register account without an age is asked only for the age, then owns the quiz and can pay', async () => {
    const address = email();
    const account = await signUpVerified(server, address);
    const started = await takeQuiz(account.token, ANSWERS);
    expect(started.status).toBe(200);
    const quizId = started.body.id as string;

    const before = await identityCount();
    const noAge = await takeQuiz(
      account.token,
      { ...ANSWERS, id: quizId, profileInfo: { emailAddress: null, age: 0, phoneNumber: null } },
      '?registration=true',
    );
    expect(noAge.status).toBe(400);
    expect(noAge.body.fieldErrors.age).toBe('Please choose your age.');
    expect(noAge.body.error_description).toBe('Please choose your age.');
    expect((await identityRow(account.identityId)).age).toBeNull();

    const joined = await takeQuiz(
      account.token,
      { ...ANSWERS, id: quizId, profileInfo: { emailAddress: null, age: 41, phoneNumber: null } },
      '?registration=true',
    );
    expect(joined.status).toBe(200);
    // No second account and no new session: the caller keeps the one they have.
    expect(joined.body.authenticationResult).toBeUndefined();
    expect(joined.body.profileInfo).toEqual({ emailAddress: address, age: 41, phoneNumber: null });
    expect(await identityCount()).toBe(before);
    expect(await identityRow(account.identityId)).toEqual({ age: 41, quiz_id: quizId });

    const results = await server.request('POST', '/api/product/GetProductQuizResults', {
      body: { id: quizId },
      token: account.token,
    });
    expect(results.status).toBe(200);
    const orderId = results.body.orderId as string;
    await payOrder(server, account, orderId);
    const info = await server.request('GET', '/api/Account/AuthInfo', { token: account.token });
    expect(info.body.subscription).not.toBeNull();
    expect(info.body.identity.orderId).toBe(orderId);
  });

  it('a member retaking the quiz they own is not answered 409, and their age is not asked again', async () => {
    const member = await newMember(server, 'retake');
    const again = await takeQuiz(
      member.token,
      { ...ANSWERS, flavors: [4, 5, 6, 7], id: member.quizId, profileInfo: { emailAddress: null, age: 0 } },
      '?registration=true',
    );
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(member.quizId);
    expect(again.body.profileInfo.age).toBe(30);
    expect(again.body.authenticationResult).toBeUndefined();
  });

  it('ignores an email and password sent by a signed-in caller: nobody registers twice', async () => {
    const account = await signUpVerified(server, email());
    const other = email();
    const before = await identityCount();
    const res = await takeQuiz(
      account.token,
      {
        ...ANSWERS,
        profileInfo: { emailAddress: other, age: 25 },
        password: 'violet-harbor-2931',
        confirmPassword: 'violet-harbor-2931',
      },
      '?registration=true',
    );
    expect(res.status).toBe(200);
    expect(await identityCount()).toBe(before);
    const login = await server.request('POST', '/api/User/Login', {
      body: { emailAddress: other, password: 'violet-harbor-2931' },
    });
    expect(login.status).toBe(400);
  });

  it("still cannot reach someone else's quiz (404)", async () => {
    const owner = await newMember(server, 'owner');
    const stranger = await signUpVerified(server, email());
    const res = await takeQuiz(
      stranger.token,
      { ...ANSWERS, id: owner.quizId, profileInfo: { age: 30 } },
      '?registration=true',
    );
    expect(res.status).toBe(404);
  });
});
