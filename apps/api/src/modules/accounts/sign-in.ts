import { type TokenPair, UNSAFE_TEXT_PATTERN } from '@store/contracts';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import { AppError } from '../../http/errors.ts';
import * as repo from './accounts.repository.ts';
import type { AccountsContext } from './context.ts';
import { verifyAgainstDummy } from './passwords.ts';
import type { createSignUp } from './sign-up.ts';

export const INVALID_CREDENTIALS = 'The email or password is incorrect.';
export const NOT_VERIFIED = 'Please verify your email address before logging in.';
export const GOOGLE_UNAVAILABLE = 'Google sign-in is not available.';
const GOOGLE_FAILED = 'Google sign-in failed. Please try again.';
const GOOGLE_ISSUERS = ['accounts.google.com', 'https://accounts.google.com'];

/** A name from Google without control characters or direction overrides (docs/reliability.md#f8). */
function plainName(name: string): string {
  return name.replace(new RegExp(UNSAFE_TEXT_PATTERN.source, 'g'), '').trim().slice(0, 100);
}

/** The outcome of a password sign-in, for the attempt log. */
export interface LoginResult {
  identityId: string;
  tokens: TokenPair;
}

export function createSignIn(ctx: AccountsContext, signUp: ReturnType<typeof createSignUp>) {
  const { db, config } = ctx;
  const jwks = config.google.clientId ? createRemoteJWKSet(new URL(config.google.jwksUrl)) : undefined;

  return {
    /**
     * Email and password. An unknown address and a wrong password give the same answer after
     * the same work; an unverified address is told so only once the password is right.
     */
    async login(emailAddress: string, password: string): Promise<LoginResult> {
      const identity = await repo.findIdentityByEmail(db, emailAddress.trim().toLowerCase());
      if (!identity?.passwordHash) {
        await verifyAgainstDummy(password);
        throw new AppError('invalid_credentials', INVALID_CREDENTIALS);
      }
      const check = await ctx.passwords.verify(identity.passwordHash, password);
      if (!check.ok) throw new AppError('invalid_credentials', INVALID_CREDENTIALS);
      if (check.needsRehash) {
        await repo.updateIdentity(db, identity.id, { passwordHash: await ctx.passwords.hash(password) });
      }
      // A /register account verifies first; one made at quiz step 12 (it has a quiz, it has paid
      // or may pay) signs in and is reminded in the member area (docs/product.md#sign-up).
      if (!identity.emailVerifiedAt && !identity.quizId)
        throw new AppError('email_not_verified', NOT_VERIFIED);
      return { identityId: identity.id, tokens: await ctx.sessions.issue(identity.id) };
    },

    /**
     * Google ID token (from Google Identity Services): signature from Google's keys, issuer,
     * audience = our client id, expiry, and a verified email. Finds the account by Google
     * subject, then by email (linking it), or creates a verified one.
     */
    async googleLogin(credential: string, referralCode?: string | null): Promise<LoginResult> {
      const clientId = config.google.clientId;
      if (!clientId || !jwks) throw new AppError('bad_request', GOOGLE_UNAVAILABLE);
      let claims: { sub: string; email: string; givenName?: string; familyName?: string };
      try {
        const { payload } = await jwtVerify(credential, jwks, {
          issuer: GOOGLE_ISSUERS,
          audience: clientId,
          algorithms: ['RS256'],
          currentDate: ctx.clock(),
          requiredClaims: ['sub', 'exp', 'iat'],
        });
        if (
          payload.email_verified !== true ||
          typeof payload.email !== 'string' ||
          typeof payload.sub !== 'string'
        ) {
          throw new Error('The Google account has no verified email.');
        }
        claims = {
          sub: payload.sub,
          email: payload.email.trim().toLowerCase(),
          givenName: typeof payload.given_name === 'string' ? plainName(payload.given_name) : undefined,
          familyName: typeof payload.family_name === 'string' ? plainName(payload.family_name) : undefined,
        };
      } catch {
        throw new AppError('invalid_credentials', GOOGLE_FAILED);
      }

      const now = ctx.clock();
      let identity = await repo.findIdentityByGoogleSub(db, claims.sub);
      if (!identity) {
        const byEmail = await repo.findIdentityByEmail(db, claims.email);
        if (byEmail) {
          // Google vouches for the address, so the account is linked and its email is verified.
          identity = await repo.updateIdentity(db, byEmail.id, {
            googleSub: claims.sub,
            emailVerifiedAt: byEmail.emailVerifiedAt ?? now,
          });
        } else {
          identity = await signUp.createFromGoogle({
            email: claims.email,
            googleSub: claims.sub,
            firstName: claims.givenName ?? null,
            lastName: claims.familyName ?? null,
            referralCode,
          });
        }
      }
      if (!identity) throw new AppError('invalid_credentials', GOOGLE_FAILED);
      return { identityId: identity.id, tokens: await ctx.sessions.issue(identity.id) };
    },
  };
}
