import { randomUUID } from 'node:crypto';
import { MAX_AGE, MIN_AGE, type Register, SUBSCRIPTION_STATUS_NAMES, type TokenPair } from '@store/contracts';
import { AppError, badRequest } from '../../http/errors.ts';
import { alreadyRegisteredMail, verificationMail, welcomeMail } from '../mail/index.ts';
import * as repo from './accounts.repository.ts';
import type { IdentityRow } from './accounts.table.ts';
import { type AccountsContext, VERIFY_TTL_MS } from './context.ts';
import { requireAcceptablePassword } from './passwords.ts';
import { hashSecret, newReferralCode, newSecret } from './secrets.ts';

/** What /User/Register answers for a new and a known address alike (docs/product.md#messages-on-screen toast). */
export const REGISTERED_MESSAGE = 'Thank you, keep an eye on your inbox for a verification link!';
export const VERIFIED_MESSAGE = 'Your email address is verified and your account is ready.';
/** A verification link opened again after it worked (docs/product.md#sign-up). */
export const ALREADY_VERIFIED_MESSAGE = 'This email address is already verified. You can log in.';
/** What /User/ResendVerification answers for any address, known or not, verified or not. */
export const RESENT_MESSAGE =
  'If that address has an account waiting to be verified, a new link is on its way. It is valid for 24 hours.';
const EMAIL_TAKEN = 'An account with this email already exists. Please log in instead.';
const INVALID_VERIFICATION = 'This verification link is invalid or has expired.';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface QuizRegistration {
  emailAddress: string;
  password: string;
  age: number;
  phoneNumber?: string | null;
  referralCode?: string | null;
  /** Ticked "Email me news and offers"; marketing mail is opt-in. */
  isEmailSubscribed?: boolean;
}

export function createSignUp(ctx: AccountsContext) {
  const { db, clock } = ctx;

  /** Keeps a referral code only when it names an existing account. */
  async function referrerCode(code: string | null | undefined): Promise<string | null> {
    const trimmed = code?.trim().toUpperCase();
    if (!trimmed || trimmed.length > 32) return null;
    return (await repo.referralCodeExists(db, trimmed)) ? trimmed : null;
  }

  /** Inserts a new identity; undefined when the email is already taken (also under a race). */
  async function createIdentity(
    fields: Omit<repo.NewIdentity, 'id' | 'referralCode'>,
  ): Promise<IdentityRow | undefined> {
    for (let attempt = 0; attempt < 5; attempt++) {
      const row = await repo.insertIdentity(db, {
        ...fields,
        id: randomUUID(),
        referralCode: newReferralCode(),
        // On the app's clock, as every other row a sign-up writes (the demo history's sign-ups are dated in the past).
        createdAt: clock(),
      });
      if (row) return row;
      if (await repo.findIdentityByEmail(db, fields.email)) return undefined;
      // Otherwise the referral code collided (1 in 10^12): draw another.
    }
    throw new Error('Could not draw a free referral code.');
  }

  async function sendVerification(identity: IdentityRow): Promise<void> {
    if (!(await ctx.withinMailCap(identity.email))) return;
    const code = newSecret();
    await repo.insertOneTimeToken(db, {
      id: randomUUID(),
      purpose: 'verify',
      tokenHash: hashSecret(code),
      identityId: identity.id,
      expiresAt: new Date(clock().getTime() + VERIFY_TTL_MS),
    });
    ctx.deliver(verificationMail(identity.email, ctx.links.verification(code, identity.id)));
  }

  /**
   * The welcome once an account is ready: to everyone, with the news-and-offers paragraph and
   * the unsubscribe link only for a person who opted in (docs/decisions/015-emails-and-marketing-opt-in.md).
   * It fits where the person is (docs/product.md#mails): a paying member, a first box waiting at
   * checkout, or no quiz yet.
   */
  async function welcome(identity: IdentityRow) {
    const membership = await ctx.membershipOf?.(identity.id);
    const isMember = Boolean(
      membership?.subscription && membership.subscription.statusName !== SUBSCRIPTION_STATUS_NAMES.canceled,
    );
    const pending = membership?.uncompletedCheckoutOrderId ?? null;
    return welcomeMail(
      identity.email,
      {
        quiz: ctx.links.quiz(),
        membership: isMember ? ctx.links.membership() : null,
        checkout: !isMember && pending ? ctx.links.checkout(pending) : null,
        unsubscribe: identity.isEmailSubscribed ? ctx.links.unsubscribe(identity.id) : null,
      },
      identity.firstName,
    );
  }

  function requireMatchingPasswords(password: string, confirmPassword: string | undefined) {
    if (confirmPassword !== undefined && confirmPassword !== password) {
      throw badRequest('Passwords do not match.', { confirmPassword: 'Passwords do not match.' });
    }
  }

  return {
    sendVerification,
    /** The welcome that fits where the person is now (the operator sends it again with this). */
    welcome,

    /** A fresh verification link for an unverified account; the same answer for any address. */
    async resendVerification(emailAddress: string): Promise<{ message: string }> {
      const identity = await repo.findIdentityByEmail(db, emailAddress.trim().toLowerCase());
      if (identity && !identity.emailVerifiedAt) await sendVerification(identity);
      return { message: RESENT_MESSAGE };
    },

    /** A new account from a Google sign-in: verified by Google, no password. */
    async createFromGoogle(input: {
      email: string;
      googleSub: string;
      firstName: string | null;
      lastName: string | null;
      referralCode?: string | null;
    }): Promise<IdentityRow | undefined> {
      const identity = await createIdentity({
        email: input.email,
        googleSub: input.googleSub,
        firstName: input.firstName,
        lastName: input.lastName,
        emailVerifiedAt: clock(),
        referredByCode: await referrerCode(input.referralCode),
      });
      if (!identity) return undefined;
      ctx.deliver(welcome(identity));
      return identity;
    },

    /**
     * Sign-up from /register. A known address gets the same answer as a new one; its owner
     * is told by mail instead (a fresh verification link while it is still unverified).
     */
    async register(input: Register, referralCode?: string | null): Promise<{ message: string }> {
      requireMatchingPasswords(input.password, input.confirmPassword);
      requireAcceptablePassword(input.password);
      const email = input.emailAddress.trim().toLowerCase();
      // Hashing happens for a known address too, so both answers take the same time.
      const passwordHash = await ctx.passwords.hash(input.password);
      const existing = await repo.findIdentityByEmail(db, email);
      const created = existing
        ? undefined
        : await createIdentity({
            email,
            passwordHash,
            referredByCode: await referrerCode(referralCode),
            isEmailSubscribed: input.isEmailSubscribed === true,
          });
      const identity = created ?? existing ?? (await repo.findIdentityByEmail(db, email));
      if (!identity) throw new Error('The identity vanished during sign-up.');
      if (created || !identity.emailVerifiedAt) {
        await sendVerification(identity);
      } else if (await ctx.withinMailCap(email)) {
        ctx.deliver(
          alreadyRegisteredMail(email, {
            login: ctx.links.login(),
            forgotPassword: ctx.links.forgotPassword(),
          }),
        );
      }
      return { message: REGISTERED_MESSAGE };
    },

    /**
     * Sign-up at the end of the quiz (docs/product.md#sign-up): the person is signed in at once and still
     * gets a verification mail. A taken address is an error the quiz shows with a login link.
     */
    async registerAndSignIn(input: QuizRegistration): Promise<{ identityId: string; tokens: TokenPair }> {
      requireAcceptablePassword(input.password);
      if (!Number.isInteger(input.age) || input.age < MIN_AGE || input.age > MAX_AGE) {
        const message = `You must be ${MIN_AGE} or older to have an account.`;
        throw badRequest(message, { age: message });
      }
      const email = input.emailAddress.trim().toLowerCase();
      if (await repo.findIdentityByEmail(db, email)) throw new AppError('email_taken', EMAIL_TAKEN);
      const passwordHash = await ctx.passwords.hash(input.password);
      const phone = input.phoneNumber?.trim();
      const identity = await createIdentity({
        email,
        passwordHash,
        age: input.age,
        phoneNumber: phone ? phone : null,
        referredByCode: await referrerCode(input.referralCode),
        isEmailSubscribed: input.isEmailSubscribed === true,
      });
      if (!identity) throw new AppError('email_taken', EMAIL_TAKEN);
      await sendVerification(identity);
      return { identityId: identity.id, tokens: await ctx.sessions.issue(identity.id) };
    },

    /** The link of the verification mail: once, within 24 hours, for its own identity only. */
    async verifyEmail(
      code: string,
      identityId: string,
    ): Promise<{ message: string; alreadyVerified?: true }> {
      const invalid = new AppError('invalid_token', INVALID_VERIFICATION);
      if (!UUID.test(identityId)) throw invalid;
      const now = clock();
      const query = {
        purpose: 'verify' as const,
        tokenHash: hashSecret(code),
        identityId: identityId.toLowerCase(),
      };
      const claimed = await repo.claimOneTimeToken(db, { ...query, now });
      if (!claimed) {
        // A link that was really sent to this identity, opened again once the address is verified
        // (a second click, a mail app's preview): it changes nothing and says so, instead of
        // failing (docs/product.md#sign-up). A guessed code never learns the address's state.
        if (await repo.oneTimeTokenWasIssued(db, query)) {
          const identity = await repo.findIdentityById(db, query.identityId);
          if (identity?.emailVerifiedAt) return { message: ALREADY_VERIFIED_MESSAGE, alreadyVerified: true };
        }
        throw invalid;
      }
      const before = await repo.findIdentityById(db, claimed);
      await repo.markEmailVerified(db, claimed, now);
      if (before && !before.emailVerifiedAt) ctx.deliver(welcome(before));
      return { message: VERIFIED_MESSAGE };
    },
  };
}
