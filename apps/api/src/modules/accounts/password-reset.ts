import { randomUUID } from 'node:crypto';
import type { TokenPair } from '@store/contracts';
import { AppError } from '../../http/errors.ts';
import { resetPasswordMail } from '../mail/index.ts';
import * as repo from './accounts.repository.ts';
import { type AccountsContext, RESET_TTL_MS } from './context.ts';
import { requireAcceptablePassword } from './passwords.ts';
import { hashSecret, newSecret } from './secrets.ts';

/** The same answer whether or not the address has an account (no enumeration). */
export const FORGOT_MESSAGE =
  'If an account exists for this email, we have sent a link to reset the password.';
export const RESET_DONE = 'Your password has been reset. You can log in now.';
export const CHANGED_MESSAGE = 'Your password has been changed.';
const INVALID_RESET = 'This password reset link is invalid or has expired. Please ask for a new one.';
const WRONG_CURRENT = 'The current password is incorrect.';

export function createPasswordReset(ctx: AccountsContext) {
  const { db, clock } = ctx;

  return {
    /** Mails a 30-minute, one-time reset link when the address has an account; answers the same either way. */
    async forgotPassword(email: string): Promise<{ message: string }> {
      const identity = await repo.findIdentityByEmail(db, email.trim().toLowerCase());
      if (identity && (await ctx.withinMailCap(identity.email))) {
        const token = newSecret();
        await repo.insertOneTimeToken(db, {
          id: randomUUID(),
          purpose: 'reset',
          tokenHash: hashSecret(token),
          identityId: identity.id,
          expiresAt: new Date(clock().getTime() + RESET_TTL_MS),
        });
        ctx.deliver(resetPasswordMail(identity.email, ctx.links.resetPassword(token, identity.email)));
      }
      return { message: FORGOT_MESSAGE };
    },

    /**
     * Sets a new password from a reset link. The link proves the address, so the email
     * becomes verified; every session ends and every other reset link dies.
     */
    async resetPassword(input: {
      token: string;
      email: string;
      password: string;
    }): Promise<{ message: string }> {
      requireAcceptablePassword(input.password);
      const invalid = new AppError('invalid_token', INVALID_RESET);
      const now = clock();
      const tokenHash = hashSecret(input.token);
      // The link is checked before the slow hash, and by the same two reads for a known and an
      // unknown address, so the answer takes the same time whether or not the email has an account.
      const [identity, openFor] = await Promise.all([
        repo.findIdentityByEmail(db, input.email.trim().toLowerCase()),
        repo.findOpenOneTimeToken(db, { purpose: 'reset', tokenHash, now }),
      ]);
      if (!identity || openFor !== identity.id) throw invalid;
      const passwordHash = await ctx.passwords.hash(input.password);
      await db.transaction(async (t) => {
        const claimed = await repo.claimOneTimeToken(t, {
          purpose: 'reset',
          tokenHash,
          identityId: identity.id,
          now,
        });
        if (!claimed) throw invalid;
        await repo.updateIdentity(t, identity.id, { passwordHash });
        await repo.markEmailVerified(t, identity.id, now);
        await repo.expireOneTimeTokens(t, identity.id, 'reset', now);
        await ctx.sessions.revokeAll(identity.id, t);
      });
      return { message: RESET_DONE };
    },

    /**
     * A signed-in person changes their password with the current one. Every other session
     * ends (ASVS 7.4.3); this one gets a fresh pair.
     */
    async changePassword(
      identityId: string,
      input: { currentPassword: string; newPassword: string },
    ): Promise<{ message: string } & TokenPair> {
      const identity = await repo.findIdentityById(db, identityId);
      if (!identity) throw new AppError('unauthorized', 'Please log in to continue.');
      const check = identity.passwordHash
        ? await ctx.passwords.verify(identity.passwordHash, input.currentPassword)
        : { ok: false };
      if (!check.ok) {
        throw new AppError('invalid_credentials', WRONG_CURRENT, {
          fieldErrors: { currentPassword: WRONG_CURRENT },
        });
      }
      requireAcceptablePassword(input.newPassword, 'newPassword');
      const passwordHash = await ctx.passwords.hash(input.newPassword);
      const tokens = await db.transaction(async (t) => {
        await repo.updateIdentity(t, identityId, { passwordHash });
        await ctx.sessions.revokeAll(identityId, t);
        await repo.expireOneTimeTokens(t, identityId, 'reset', clock());
        return ctx.sessions.issue(identityId, t);
      });
      return { message: CHANGED_MESSAGE, ...tokens };
    },
  };
}
