import type { TokenPair } from '@store/contracts';
import type { Mail } from '../mail/index.ts';
import { createAccountEmails } from './account-emails.ts';
import * as repo from './accounts.repository.ts';
import type { AccountsContext, AccountsDeps } from './context.ts';
import { MAIL_PER_ADDRESS_PER_HOUR } from './context.ts';
import { createLoginLinks } from './login-link.ts';
import { createPasswordReset } from './password-reset.ts';
import { ARGON2_PASSWORDS } from './passwords.ts';
import { createProfile } from './profile.ts';
import { createSessions } from './sessions.ts';
import { createSignIn } from './sign-in.ts';
import { createSignUp } from './sign-up.ts';
import { buildUnsubscribeUrl } from './unsubscribe-link.ts';

export type { AccountsDeps, Membership } from './context.ts';
export type { QuizRegistration } from './sign-up.ts';

/**
 * Accounts: sign-up, sign-in, sessions, passwords, the profile, and the account mails.
 * Each group of use cases lives in its own file; this puts them together.
 */
export function createAccountsService(deps: AccountsDeps) {
  const pending = new Set<Promise<void>>();
  const { config } = deps;
  const ctx: AccountsContext = {
    ...deps,
    sessions: createSessions(deps),
    passwords: deps.passwords ?? ARGON2_PASSWORDS,
    deliver(rendering: Promise<Mail>) {
      const sending = rendering
        .then((mail) => deps.mailer.send(mail))
        .catch((error: unknown) => {
          deps.log.error({ err: error }, 'sending a mail failed');
        });
      pending.add(sending);
      void sending.finally(() => pending.delete(sending));
    },
    async drainMail() {
      while (pending.size) await Promise.all([...pending]);
    },
    async withinMailCap(email) {
      const { allowed } = await deps.limiter.hit(
        `mail-address:${email}`,
        MAIL_PER_ADDRESS_PER_HOUR,
        60 * 60 * 1000,
      );
      if (!allowed)
        deps.log.info({ event: 'mail_capped' }, 'account mail skipped: hourly cap for this address');
      return allowed;
    },
    links: {
      verification: (code, identityId) => `${config.publicUrl}/verification/${code}/${identityId}`,
      resetPassword: (token, email) =>
        `${config.publicUrl}/reset-password?token=${encodeURIComponent(token)}&email=${encodeURIComponent(email)}`,
      loginLink: (token) => `${config.publicUrl}/login-link?token=${encodeURIComponent(token)}`,
      login: () => `${config.publicUrl}/login`,
      forgotPassword: () => `${config.publicUrl}/forgot-password`,
      quiz: () => `${config.publicUrl}/take-quiz/1`,
      membership: () => `${config.publicUrl}/membership`,
      checkout: (orderId) => `${config.publicUrl}/checkout/${orderId}`,
      unsubscribe: (identityId) => buildUnsubscribeUrl(config, identityId, deps.clock()),
    },
  };

  const signUp = createSignUp(ctx);
  const signIn = createSignIn(ctx, signUp);
  const passwords = createPasswordReset(ctx);
  const loginLinks = createLoginLinks(ctx);
  const profile = createProfile(ctx);
  const emails = createAccountEmails(ctx, signUp);

  return {
    register: signUp.register,
    verifyEmail: signUp.verifyEmail,
    resendVerification: signUp.resendVerification,
    login: signIn.login,
    googleLogin: signIn.googleLogin,
    sendLoginLink: loginLinks.sendLoginLink,
    loginWithLink: loginLinks.loginWithLink,
    refresh: ctx.sessions.refresh,
    logout: ctx.sessions.logout,
    forgotPassword: passwords.forgotPassword,
    resetPassword: passwords.resetPassword,
    changePassword: passwords.changePassword,
    authInfo: profile.authInfo,
    saveIdentity: profile.saveIdentity,
    saveImage: profile.saveImage,
    getImage: profile.getImage,
    billingInfo: profile.billingInfo,
    sendSelectedEmail: emails.sendSelectedEmail,
    /** Whether the identity holds a permission (`admin` opens the back office, docs/product.md#permissions). */
    hasPermission: async (identityId: string, permission: string): Promise<boolean> =>
      (await profile.getIdentity(identityId))?.permissions.includes(permission) ?? false,
    unsubscribe: emails.unsubscribe,
    /** Whether a session (refresh family) was ended, read from the database (docs/reliability.md#h1). */
    isSessionEnded: (sessionId: string): Promise<boolean> => repo.isFamilyRevoked(deps.db, sessionId),

    // For other modules (the quiz registers at step 12; marketing mails need the link).
    /** Creates an account, mails a verification link, and signs the person in at once (docs/product.md#sign-up). */
    registerAndSignIn: signUp.registerAndSignIn,
    setQuizAndOrder: profile.setQuizAndOrder,
    joinQuiz: profile.joinQuiz,
    getIdentity: profile.getIdentity,
    /** A new session (token pair) for an identity, e.g. after the subscribe payment. */
    issueTokens: (identityId: string): Promise<TokenPair> => ctx.sessions.issue(identityId),
    /** `${publicUrl}/unsubscribe/{token}` for a marketing mail to this identity. */
    unsubscribeUrl: ctx.links.unsubscribe,
    /** Waits for account mails still being sent. */
    drainMail: ctx.drainMail,
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
