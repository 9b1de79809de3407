import {
  GoogleLoginSchema,
  LoginSchema,
  LoginWithLinkSchema,
  MessageSchema,
  ReferralQuerySchema,
  RefreshSchema,
  SendLoginLinkSchema,
  TokenPairSchema,
} from '@store/contracts';
import { AppError } from '../../http/errors.ts';
import { endXsrfSession } from '../../http/security.ts';
import { Limits } from './limits.ts';
import type { AccountsRouteKit } from './route-kit.ts';
import { emailTag } from './secrets.ts';
import { GOOGLE_UNAVAILABLE } from './sign-in.ts';

/** Signing in and out: password, login link, Google, refresh and logout (docs/reliability.md#a4). */
export function sessionRoutes(kit: AccountsRouteKit): void {
  const { app, r, tags, accounts, limiter, limit, limitIp, config } = kit;
  /**
   * docs/reliability.md#a4: an account's failed password logins of the hour, from every address
   * together. A slot is taken before the password is looked at, so parallel guesses cannot
   * overshoot, and given back when the password turns out right (`giveBackToBudget`), so the
   * owner's own logins never spend it; once the budget is spent the login answers 429 without
   * checking the password, and the first refusal mails the owner a login link, so a stranger
   * cannot lock them out.
   */
  const budgetKey = (email: string) => `${Limits.loginFailures.name}:${email}`;
  const giveBackToBudget = (email: string) => limiter.giveBack(budgetKey(email));
  const takeFromBudget = async (email: string) => {
    const budget = await limiter.hit(
      budgetKey(email),
      Limits.loginFailures.max,
      Limits.loginFailures.windowMs,
    );
    if (budget.allowed) return;
    const mail = await limiter.hit(
      `${Limits.budgetMail.name}:${email}`,
      Limits.budgetMail.max,
      Limits.budgetMail.windowMs,
    );
    if (mail.allowed) {
      app.log.warn(
        { event: 'login_budget_spent', account: emailTag(email) },
        'security: an account spent its failed-login budget; password logins wait and its owner gets a login link',
      );
      await accounts.sendLoginLink(email, 'failed-logins');
    }
    throw new AppError(
      'rate_limited',
      'Too many failed logins on this account. Please use the login link we emailed, or try again later.',
      { headers: { 'retry-after': String(budget.retryAfterSeconds) } },
    );
  };

  r.post(
    '/User/Login',
    {
      schema: {
        tags,
        summary: 'Sign in with email and password (JSON body only)',
        body: LoginSchema,
        response: { 200: TokenPairSchema },
      },
    },
    async (request) => {
      const email = request.body.emailAddress.trim().toLowerCase();
      const attempt = { event: 'login_attempt', account: emailTag(email) };
      try {
        await limit(Limits.loginIp, request.ip);
        // Per account and address: a stranger guessing from elsewhere slows only himself, and
        // never locks the owner out of their own account.
        const guesser = `${email}|${request.ip}`;
        await limit(Limits.loginAccount, guesser);
        await takeFromBudget(email);
        const result = await accounts.login(email, request.body.password).catch(async (error: unknown) => {
          // A right password on an address still to verify is not a failed login either.
          if (error instanceof AppError && error.code === 'email_not_verified') await giveBackToBudget(email);
          throw error;
        });
        await giveBackToBudget(email);
        await limiter.reset(`${Limits.loginAccount.name}:${guesser}`);
        request.log.info({ ...attempt, outcome: 'success', identityId: result.identityId }, 'login');
        return result.tokens;
      } catch (error) {
        const outcome = error instanceof AppError ? error.code : 'error';
        request.log.info({ ...attempt, outcome }, 'login');
        throw error;
      }
    },
  );

  r.post(
    '/User/SendLoginLink',
    {
      schema: {
        tags,
        summary: 'Mail a one-time login link; the same answer for any address',
        body: SendLoginLinkSchema,
        response: { 200: MessageSchema },
      },
    },
    async (request) => {
      const email = request.body.emailAddress.trim().toLowerCase();
      await limit(Limits.loginLinkIp, request.ip);
      await limit(Limits.loginLinkEmail, email);
      request.log.info({ event: 'login_link_requested', account: emailTag(email) }, 'login link');
      return accounts.sendLoginLink(email);
    },
  );

  r.post(
    '/User/LoginWithLink',
    {
      schema: {
        tags,
        summary: 'Sign in with the token of a login-link mail (once, within 15 minutes)',
        body: LoginWithLinkSchema,
        response: { 200: TokenPairSchema },
      },
      preHandler: limitIp(Limits.loginWithLinkIp),
    },
    async (request) => {
      try {
        const result = await accounts.loginWithLink(request.body.token);
        request.log.info(
          { event: 'login_attempt', method: 'link', outcome: 'success', identityId: result.identityId },
          'login',
        );
        return result.tokens;
      } catch (error) {
        const outcome = error instanceof AppError ? error.code : 'error';
        request.log.info({ event: 'login_attempt', method: 'link', outcome }, 'login');
        throw error;
      }
    },
  );

  r.post(
    '/user/GoogleLogin',
    {
      schema: {
        tags,
        summary: 'Sign in with a Google ID token (JSON body only)',
        querystring: ReferralQuerySchema,
        body: GoogleLoginSchema,
        response: { 200: TokenPairSchema },
      },
      preValidation: async () => {
        if (!config.google.clientId) throw new AppError('bad_request', GOOGLE_UNAVAILABLE);
      },
      preHandler: limitIp(Limits.googleIp),
    },
    async (request) => {
      try {
        const result = await accounts.googleLogin(request.body.credential, request.query.referralCode);
        request.log.info(
          { event: 'login_attempt', method: 'google', outcome: 'success', identityId: result.identityId },
          'login',
        );
        return result.tokens;
      } catch (error) {
        request.log.info(
          {
            event: 'login_attempt',
            method: 'google',
            outcome: error instanceof AppError ? error.code : 'error',
          },
          'login',
        );
        throw error;
      }
    },
  );

  r.post(
    '/Account/RefreshToken',
    {
      schema: {
        tags,
        summary: 'Rotate the refresh token; a reused one ends its family',
        body: RefreshSchema,
        response: { 200: TokenPairSchema },
      },
      preHandler: limitIp(Limits.refreshIp),
    },
    async (request) => accounts.refresh(request.body.refresh_token, request.log),
  );

  r.post(
    '/Account/Logout',
    {
      schema: {
        tags,
        summary: 'End the session of this refresh token (idempotent)',
        body: RefreshSchema,
        response: { 200: MessageSchema },
      },
    },
    async (request) => {
      await accounts.logout(request.body.refresh_token);
      endXsrfSession(request);
      return { message: 'You are logged out.' };
    },
  );
}
