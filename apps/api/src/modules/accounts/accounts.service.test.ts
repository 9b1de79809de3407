import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../config/env.ts';
import type { Database } from '../../db/database.ts';
import { createAccessTokens } from '../../http/auth.ts';
import { AppError } from '../../http/errors.ts';
import { createMemoryRateLimiter } from '../../http/rate-limit.ts';
import { openTestDatabase } from '../../test/helpers.ts';
import { createMailer } from '../mail/mailer.ts';
import { type AccountsService, createAccountsService, type Membership } from './accounts.service.ts';
import { GOOD_PASSWORD, waitForMail } from './accounts.test-support.ts';

const quietLog = {
  info() {},
  warn() {},
  error() {},
  debug() {},
  trace() {},
  fatal() {},
  child() {
    return quietLog;
  },
  level: 'silent',
} as unknown as FastifyBaseLogger;

let database: Database;
let accounts: AccountsService;
const config = testConfig({ publicUrl: 'https://store.example' });
const tokens = createAccessTokens(config.jwtSecret);
const memberships = new Map<string, Membership>();

beforeAll(async () => {
  database = await openTestDatabase();
  accounts = createAccountsService({
    config,
    db: database.db,
    clock: () => new Date(),
    mailer: createMailer({ db: database.db }),
    tokens,
    limiter: createMemoryRateLimiter(),
    log: quietLog,
    membershipOf: async (identityId) =>
      memberships.get(identityId) ?? { subscription: null, uncompletedCheckoutOrderId: null },
  });
});
afterAll(async () => {
  await accounts?.drainMail();
  await database?.close();
});

describe('registerAndSignIn (quiz step 12)', () => {
  it('creates the account, signs the person in at once and mails a verification link', async () => {
    const result = await accounts.registerAndSignIn({
      emailAddress: 'Quizzer@Example.com',
      password: GOOD_PASSWORD,
      age: 21,
      phoneNumber: '555-123-4567',
      referralCode: null,
    });
    expect(await tokens.verify(result.tokens.token)).toBe(result.identityId);
    expect(result.tokens.refresh_token).toMatch(/^[\w-]{43}$/);
    const identity = await accounts.getIdentity(result.identityId);
    expect(identity).toMatchObject({
      emailAddress: 'quizzer@example.com',
      age: 21,
      phoneNumber: '555-123-4567',
    });
    const mail = await waitForMail(database.db, 'quizzer@example.com', 'verify-email');
    expect(mail.text).toContain(`https://store.example/verification/`);
    // The refresh token works like one from a login.
    const next = await accounts.refresh(result.tokens.refresh_token);
    expect(await tokens.verify(next.token)).toBe(result.identityId);
  });

  it('throws email_taken for a known address', async () => {
    await accounts.registerAndSignIn({ emailAddress: 'taken@example.com', password: GOOD_PASSWORD, age: 30 });
    const attempt = accounts.registerAndSignIn({
      emailAddress: 'TAKEN@example.com',
      password: GOOD_PASSWORD,
      age: 30,
    });
    await expect(attempt).rejects.toBeInstanceOf(AppError);
    await expect(attempt).rejects.toMatchObject({
      code: 'email_taken',
      message: 'An account with this email already exists. Please log in instead.',
    });
  });

  it('refuses an age under 13 and a common password', async () => {
    await expect(
      accounts.registerAndSignIn({ emailAddress: 'kid@example.com', password: GOOD_PASSWORD, age: 12 }),
    ).rejects.toMatchObject({ message: 'You must be 13 or older to have an account.' });
    await expect(
      accounts.registerAndSignIn({ emailAddress: 'weak@example.com', password: 'password1', age: 20 }),
    ).rejects.toMatchObject({ message: 'This password is too common. Please choose a less common one.' });
    expect(await accounts.hasPermission('00000000-0000-4000-8000-000000000000', 'admin')).toBe(false);
  });
});

describe('helpers for other modules', () => {
  it('setQuizAndOrder links a quiz and an order, each on its own', async () => {
    const { identityId } = await accounts.registerAndSignIn({
      emailAddress: 'linker@example.com',
      password: GOOD_PASSWORD,
      age: 40,
    });
    await accounts.setQuizAndOrder(identityId, { quizId: 'quiz-1' });
    await accounts.setQuizAndOrder(identityId, { orderId: 'order-9' });
    expect(await accounts.getIdentity(identityId)).toMatchObject({ quizId: 'quiz-1', orderId: 'order-9' });
  });

  it('issueTokens starts a new session', async () => {
    const { identityId } = await accounts.registerAndSignIn({
      emailAddress: 'issued@example.com',
      password: GOOD_PASSWORD,
      age: 40,
    });
    const pair = await accounts.issueTokens(identityId);
    expect(await tokens.verify(pair.token)).toBe(identityId);
    expect((await accounts.refresh(pair.refresh_token)).token).toBeTruthy();
  });

  it('getIdentity answers undefined for an unknown id', async () => {
    expect(await accounts.getIdentity('00000000-0000-4000-8000-000000000000')).toBeUndefined();
  });

  it('authInfo asks the membership provider for the subscription and the open checkout', async () => {
    const { identityId } = await accounts.registerAndSignIn({
      emailAddress: 'member@example.com',
      password: GOOD_PASSWORD,
      age: 35,
    });
    memberships.set(identityId, { subscription: null, uncompletedCheckoutOrderId: 'order-open-1' });
    const info = await accounts.authInfo(identityId);
    expect(info.uncompletedCheckoutOrderId).toBe('order-open-1');
    expect(info.identity.id).toBe(identityId);
  });

  it('unsubscribeUrl builds the /unsubscribe/{token} link that Unsubscribe accepts', async () => {
    const { identityId } = await accounts.registerAndSignIn({
      emailAddress: 'marketing-link@example.com',
      password: GOOD_PASSWORD,
      age: 35,
      isEmailSubscribed: true,
    });
    const url = accounts.unsubscribeUrl(identityId);
    expect(url).toMatch(/^https:\/\/store\.example\/unsubscribe\//);
    await accounts.unsubscribe(url.split('/unsubscribe/')[1]);
    expect((await accounts.getIdentity(identityId))!.isEmailSubscribed).toBe(false);
  });
});
