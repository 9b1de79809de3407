import {
  AuthInfoSchema,
  BillingInfoQuerySchema,
  BillingInfoSchema,
  ChangePasswordResultSchema,
  ChangePasswordSchema,
  EmailSchema,
  ForgotPasswordQuerySchema,
  ForgotPasswordSchema,
  GoogleLoginSchema,
  IdentitySchema,
  LoginSchema,
  LoginWithLinkSchema,
  MessageSchema,
  ReferralQuerySchema,
  RefreshSchema,
  RegisterSchema,
  ResendVerificationSchema,
  ResetPasswordSchema,
  SaveIdentitySchema,
  SaveImageSchema,
  SendLoginLinkSchema,
  SendSelectedEmailQuerySchema,
  TokenPairSchema,
  UnsubscribeQuerySchema,
  VerifyEmailQuerySchema,
  VerifyEmailResponseSchema,
} from '@store/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type AccessTokens, requireUser, userOf } from '../../http/auth.ts';
import { AppError, badRequest, forbidden } from '../../http/errors.ts';
import { enforceLimit, type LimitRule, type RateLimiter } from '../../http/rate-limit.ts';
import { endXsrfSession } from '../../http/security.ts';
import type { AccountsService } from './accounts.service.ts';
import { SAVE_IMAGE_BODY_LIMIT } from './profile-image.ts';
import { emailTag } from './secrets.ts';
import { GOOGLE_UNAVAILABLE } from './sign-in.ts';

export interface AccountsRoutesOptions {
  accounts: AccountsService;
  tokens: AccessTokens;
  limiter: RateLimiter;
  config: { google: { clientId?: string } };
}

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;

/**
 * Soft, windowed limits (docs/reliability.md#a4, docs/reliability.md#a5, docs/reliability.md#a6): nobody is locked out for good, and one account
 * takes at most 100 failed logins an hour however many addresses the attacker uses.
 */
export const Limits = {
  loginIp: { name: 'login-ip', max: 50, windowMs: 15 * MINUTE },
  /** Keyed by account and IP address together. */
  loginAccount: { name: 'login-account', max: 10, windowMs: 15 * MINUTE },
  /**
   * Failed password logins of one account from every address together (a right password gives
   * its reserved slot back). Once spent, password logins wait and the owner is mailed a login link (docs/reliability.md#a4).
   */
  loginFailures: { name: 'login-failures', max: 100, windowMs: HOUR },
  /** One "your password logins are paused" login link per account and budget window. */
  budgetMail: { name: 'login-budget-mail', max: 1, windowMs: HOUR },
  loginLinkIp: { name: 'login-link-ip', max: 10, windowMs: 15 * MINUTE },
  loginLinkEmail: { name: 'login-link-email', max: 3, windowMs: HOUR },
  loginWithLinkIp: { name: 'login-with-link-ip', max: 30, windowMs: 15 * MINUTE },
  registerIp: { name: 'register-ip', max: 20, windowMs: HOUR },
  verifyIp: { name: 'verify-ip', max: 30, windowMs: 15 * MINUTE },
  resendIp: { name: 'resend-verification-ip', max: 10, windowMs: 15 * MINUTE },
  resendEmail: { name: 'resend-verification-email', max: 3, windowMs: HOUR },
  forgotIp: { name: 'forgot-ip', max: 10, windowMs: 15 * MINUTE },
  forgotEmail: { name: 'forgot-email', max: 5, windowMs: HOUR },
  resetIp: { name: 'reset-ip', max: 10, windowMs: 15 * MINUTE },
  changePassword: { name: 'change-password', max: 10, windowMs: 15 * MINUTE },
  refreshIp: { name: 'refresh-ip', max: 300, windowMs: 15 * MINUTE },
  googleIp: { name: 'google-ip', max: 30, windowMs: 15 * MINUTE },
  unsubscribeIp: { name: 'unsubscribe-ip', max: 30, windowMs: 15 * MINUTE },
  sendEmail: { name: 'send-selected-email', max: 30, windowMs: HOUR },
  saveImage: { name: 'save-image', max: 20, windowMs: HOUR },
} satisfies Record<string, LimitRule>;

const tags = ['accounts'];

/** /User, /Account and /Identity routes of docs/product.md#calls. */
export async function accountsRoutes(app: FastifyInstance, options: AccountsRoutesOptions) {
  const { accounts, tokens, limiter } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Authentication runs before validation, so an anonymous call is 401 whatever it sends.
  const signedIn = requireUser(tokens);
  const limit = (rule: LimitRule, key: string) => enforceLimit(limiter, rule, key);
  const limitIp = (rule: LimitRule) => async (request: FastifyRequest) => limit(rule, request.ip);
  const requireAdmin = async (request: FastifyRequest) => {
    if (!(await accounts.hasPermission(userOf(request), 'admin'))) throw forbidden();
  };

  app.addHook('onClose', async () => accounts.drainMail());

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
    '/User/Register',
    {
      schema: {
        tags,
        summary: 'Sign up; the same answer for a new and a known address',
        querystring: ReferralQuerySchema,
        body: RegisterSchema,
        response: { 200: MessageSchema },
      },
      preHandler: limitIp(Limits.registerIp),
    },
    async (request) => accounts.register(request.body, request.query.referralCode),
  );

  r.post(
    '/User/VerifyEmail',
    {
      schema: {
        tags,
        summary: 'Use the link of the verification mail',
        querystring: VerifyEmailQuerySchema,
        response: { 200: VerifyEmailResponseSchema },
      },
      preHandler: limitIp(Limits.verifyIp),
    },
    async (request) => accounts.verifyEmail(request.query.code, request.query.userId),
  );

  r.post(
    '/User/ResendVerification',
    {
      schema: {
        tags,
        summary: 'Mail a new verification link; the same answer for any address',
        body: ResendVerificationSchema,
        response: { 200: MessageSchema },
      },
    },
    async (request) => {
      const email = request.body.emailAddress.trim().toLowerCase();
      await limit(Limits.resendIp, request.ip);
      await limit(Limits.resendEmail, email);
      request.log.info(
        { event: 'verification_resend_requested', account: emailTag(email) },
        'resend verification',
      );
      return accounts.resendVerification(email);
    },
  );

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
        if (!options.config.google.clientId) throw new AppError('bad_request', GOOGLE_UNAVAILABLE);
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

  r.post(
    '/User/ForgotPassword',
    {
      schema: {
        tags,
        summary: 'Mail a reset link; the same answer for any address',
        querystring: ForgotPasswordQuerySchema,
        body: ForgotPasswordSchema.partial().nullish(),
        response: { 200: MessageSchema },
      },
    },
    async (request) => {
      const parsed = EmailSchema.safeParse(request.body?.email ?? request.query.email ?? '');
      if (!parsed.success) {
        const message = parsed.error.issues[0]?.message ?? 'Please enter a valid email.';
        throw badRequest(message, { email: message });
      }
      const email = parsed.data.toLowerCase();
      await limit(Limits.forgotIp, request.ip);
      await limit(Limits.forgotEmail, email);
      request.log.info({ event: 'password_reset_requested', account: emailTag(email) }, 'forgot password');
      return accounts.forgotPassword(email);
    },
  );

  r.post(
    '/User/ResetPassword',
    {
      schema: {
        tags,
        summary: 'Set a new password with the reset link (JSON body only)',
        body: ResetPasswordSchema,
        response: { 200: MessageSchema },
      },
      preHandler: limitIp(Limits.resetIp),
    },
    async (request) => accounts.resetPassword(request.body),
  );

  r.post(
    '/User/ChangePassword',
    {
      schema: {
        tags,
        summary: 'Change the password with the current one (JSON body only)',
        body: ChangePasswordSchema,
        response: { 200: ChangePasswordResultSchema },
        security: [{ bearer: [] }],
      },
      preValidation: signedIn,
      preHandler: async (request) => limit(Limits.changePassword, userOf(request)),
    },
    async (request) => accounts.changePassword(userOf(request), request.body),
  );

  r.get(
    '/Account/AuthInfo',
    {
      schema: {
        tags,
        summary: 'The signed-in identity and its subscription',
        response: { 200: AuthInfoSchema },
        security: [{ bearer: [] }],
      },
      preValidation: signedIn,
    },
    async (request) => accounts.authInfo(userOf(request)),
  );

  r.post(
    '/Identity/Save',
    {
      schema: {
        tags,
        summary: "Change the caller's own profile fields",
        body: SaveIdentitySchema,
        response: { 200: IdentitySchema },
        security: [{ bearer: [] }],
      },
      preValidation: signedIn,
    },
    async (request) => accounts.saveIdentity(userOf(request), request.body),
  );

  r.post(
    '/Identity/SaveImage',
    {
      bodyLimit: SAVE_IMAGE_BODY_LIMIT,
      schema: {
        tags,
        summary: 'Upload a profile picture (PNG, JPEG or WebP, at most 2 MB)',
        body: SaveImageSchema,
        response: { 200: IdentitySchema },
        security: [{ bearer: [] }],
      },
      preValidation: signedIn,
      preHandler: async (request) => limit(Limits.saveImage, userOf(request)),
    },
    async (request) => accounts.saveImage(userOf(request), request.body.image),
  );

  app.get<{ Params: { id: string } }>(
    '/Identity/Image/:id',
    {
      schema: {
        tags,
        summary: 'A profile picture (public, cacheable)',
        params: z.object({ id: z.string().max(100) }),
      },
      // A Set-Cookie would keep shared caches from storing the picture.
      onSend: async (_request, reply, payload) => {
        reply.removeHeader('set-cookie');
        return payload;
      },
    },
    async (request, reply) => {
      const image = await accounts.getImage(request.params.id);
      return reply
        .header('content-type', image.mime)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(image.data);
    },
  );

  const billing = {
    schema: {
      tags,
      summary: "The caller's card summary (last 4 digits, expiry, brand)",
      querystring: BillingInfoQuerySchema,
      response: { 200: BillingInfoSchema },
      security: [{ bearer: [] }],
    },
    preValidation: signedIn,
  };
  r.get('/identity/GetBillingInfoByIdentityId', billing, async (request) =>
    accounts.billingInfo(userOf(request), request.query.identityId || undefined),
  );
  // The identity always comes from the token here; any parameter is ignored (docs/reliability.md#b2).
  const { querystring: _anyQuery, ...meBillingSchema } = billing.schema;
  r.get('/me/billing', { ...billing, schema: meBillingSchema }, async (request) =>
    accounts.billingInfo(userOf(request)),
  );

  r.post(
    '/User/SendSelectedEmail',
    {
      schema: {
        tags,
        summary: 'Operator only: send an account mail again',
        querystring: SendSelectedEmailQuerySchema,
        response: { 200: MessageSchema },
        security: [{ bearer: [] }],
      },
      preValidation: [signedIn, requireAdmin],
      preHandler: async (request) => limit(Limits.sendEmail, userOf(request)),
    },
    async (request) => {
      request.log.info(
        {
          event: 'send_selected_email',
          emailType: request.query.emailType,
          target: request.query.identityId,
        },
        'operator mail',
      );
      return accounts.sendSelectedEmail(userOf(request), request.query.emailType, request.query.identityId);
    },
  );

  r.post(
    '/User/Unsubscribe',
    {
      schema: {
        tags,
        summary: 'Turn marketing mail off with the signed link of a mail',
        querystring: UnsubscribeQuerySchema,
        response: { 200: MessageSchema },
      },
      preHandler: limitIp(Limits.unsubscribeIp),
    },
    async (request) => accounts.unsubscribe(request.query.token),
  );
}
