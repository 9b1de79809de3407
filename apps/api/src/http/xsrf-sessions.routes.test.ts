import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCatalog } from '../modules/catalog/catalog.seed.ts';
import {
  createIntent,
  relaxedLimiter,
  SHIPPING,
  subscribe,
} from '../modules/checkout/checkout.test-support.ts';
import { QUIZ_OWNER_COOKIE } from '../modules/quiz/quiz-owner.ts';
import { startTestServer, type TestServer } from '../test/helpers.ts';

/*
 * docs/reliability.md#a11: the quiz's registration and Subscribe start sessions, so their answers
 * set the XSRF cookie of the new session and a call made right after with it passes.
 */

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({}, { limiter: relaxedLimiter() });
  await seedCatalog(server.database.db);
});
afterAll(async () => {
  await server?.close();
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

function cookieOf(res: { headers: Headers }, name: string): string | undefined {
  return res.headers
    .getSetCookie()
    .map((line) => line.split(';')[0]!)
    .find((pair) => pair.startsWith(`${name}=`));
}

describe('A11 the answers that start a session set its XSRF cookie', () => {
  it('A11: TakeQuiz with registration and Subscribe each set the new cookie; the one before no longer passes', async () => {
    const visitor = cookieOf(await server.request('GET', '/api/no-such'), 'XSRF-TOKEN')!;
    const xsrf = (cookie: string, extra = '') => ({
      cookie: extra ? `${cookie}; ${extra}` : cookie,
      'x-xsrf-token': cookie.slice('XSRF-TOKEN='.length),
    });
    const started = await server.request('POST', '/api/theQuiz/TakeQuiz', {
      body: ANSWERS,
      headers: xsrf(visitor),
    });
    expect(started.status).toBe(200);
    const owner = cookieOf(started, QUIZ_OWNER_COOKIE)!;
    const registered = await server.request('POST', '/api/theQuiz/TakeQuiz?registration=true', {
      body: {
        ...ANSWERS,
        id: started.body.id,
        profileInfo: { emailAddress: 'xsrf-quiz@example.com', age: 30, phoneNumber: '' },
        password: 'violet-harbor-2931',
        confirmPassword: 'violet-harbor-2931',
      },
      headers: xsrf(visitor, owner),
    });
    expect(registered.status).toBe(200);
    const afterQuiz = cookieOf(registered, 'XSRF-TOKEN');
    expect(afterQuiz).toBeDefined();
    const token = registered.body.authenticationResult.token as string;
    const results = await server.request('POST', '/api/product/GetProductQuizResults', {
      body: { id: started.body.id },
      token,
      headers: xsrf(afterQuiz!),
    });
    expect(results.status).toBe(200);
    expect(
      (
        await server.request('POST', '/api/product/GetProductQuizResults', {
          body: { id: started.body.id },
          token,
          headers: xsrf(visitor),
        })
      ).status,
    ).toBe(403);

    const intent = await createIntent(server, { token }, results.body.orderId, { body: SHIPPING });
    expect(intent.status).toBe(200);
    const done = await subscribe(server, { token }, results.body.orderId, intent.body.paymentIntentId);
    expect(done.status).toBe(200);
    const afterSubscribe = cookieOf(done, 'XSRF-TOKEN');
    expect(afterSubscribe).toBeDefined();
    const save = (bearer: string, cookie: string) =>
      server.request('POST', '/api/Identity/Save', {
        token: bearer,
        body: { firstName: 'Ann' },
        headers: xsrf(cookie),
      });
    expect((await save(done.body.token, afterSubscribe!)).status).toBe(200);
    expect((await save(done.body.token, afterQuiz!)).status).toBe(403);
  });
});
