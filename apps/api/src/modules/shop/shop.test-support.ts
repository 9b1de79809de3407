import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { TestServer } from '../../test/helpers.ts';
import { type Member, PASSWORD } from '../checkout/checkout.test-support.ts';
import { QUIZ_OWNER_COOKIE } from '../quiz/quiz-owner.ts';

/** Shared by the shop and referrals tests (not a test file itself). */

export const QUIZ_ANSWERS = {
  exerciseTypes: [0, 3],
  exerciseFrequency: 2,
  fitnessGoals: [0],
  lifestylePerformanceGoals: [],
  dietaryPreferences: [] as number[],
  dietaryRestrictions: [] as number[],
  flavors: [0, 1, 2, 3],
  textures: [],
  usedProteinBefore: true,
  proteinMixes: [0],
  brandUsages: [1],
  dislikedBrands: [],
};

/**
 * A person who took the quiz (these answers), registered at step 12 (with a friend's referral
 * code when given: the quiz link's `?referralCode=`) and saw results: a draft first box.
 */
export async function quizMember(
  server: TestServer,
  options: { prefix?: string; answers?: Partial<typeof QUIZ_ANSWERS>; referralCode?: string } = {},
): Promise<Member & { identityId: string }> {
  const answers = { ...QUIZ_ANSWERS, ...options.answers };
  const email = `${options.prefix ?? 'shopper'}-${randomUUID().slice(0, 8)}@example.com`;
  const referral = options.referralCode ? `referralCode=${encodeURIComponent(options.referralCode)}` : '';
  const started = await server.request('POST', `/api/theQuiz/TakeQuiz${referral ? `?${referral}` : ''}`, {
    body: answers,
  });
  expect(started.status).toBe(200);
  const cookie = started.headers
    .getSetCookie()
    .map((line) => line.split(';')[0]!)
    .find((pair) => pair.startsWith(`${QUIZ_OWNER_COOKIE}=`));
  const registered = await server.request(
    'POST',
    `/api/theQuiz/TakeQuiz?registration=true${referral ? `&${referral}` : ''}`,
    {
      body: {
        ...answers,
        id: started.body.id,
        profileInfo: { emailAddress: email, age: 30, phoneNumber: '' },
        password: PASSWORD,
        confirmPassword: PASSWORD,
      },
      headers: cookie ? { cookie } : {},
    },
  );
  expect(registered.status).toBe(200);
  const token = registered.body.authenticationResult.token as string;
  const results = await server.request('POST', '/api/product/GetProductQuizResults', {
    body: { id: started.body.id },
    token,
  });
  expect(results.status).toBe(200);
  const row = await server.database.db.execute<{ id: string }>(
    sql`SELECT id FROM identities WHERE email = ${email}`,
  );
  return {
    email,
    token,
    quizId: started.body.id,
    orderId: results.body.orderId,
    identityId: row.rows[0]!.id,
  };
}

/** The product ids of an order's items. */
export async function orderProductIds(server: TestServer, orderId: string): Promise<number[]> {
  const result = await server.database.db.execute<{ product_id: number }>(
    sql`SELECT product_id FROM order_items WHERE order_id = ${orderId} ORDER BY product_id`,
  );
  return result.rows.map((r) => Number(r.product_id));
}
