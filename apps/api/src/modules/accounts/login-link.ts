import { randomUUID } from 'node:crypto';
import { LOGIN_LINK_TTL_MINUTES, LoginLinkMessages } from '@store/contracts';
import { AppError } from '../../http/errors.ts';
import { loginLinkMail } from '../mail/index.ts';
import * as repo from './accounts.repository.ts';
import type { AccountsContext } from './context.ts';
import { hashSecret, newSecret } from './secrets.ts';
import type { LoginResult } from './sign-in.ts';

export const LOGIN_LINK_TTL_MS = LOGIN_LINK_TTL_MINUTES * 60 * 1000;

/**
 * Logging in with a mailed link (docs/product.md#log-in-with-a-link): a one-time token of 256
 * bits, stored hashed, good for 15 minutes and one use; using it proves the address, so the
 * address becomes verified.
 */
export function createLoginLinks(ctx: AccountsContext) {
  const { db, clock } = ctx;

  return {
    /**
     * Mails a login link when the address has an account; answers the same either way. `why`
     * picks the mail's words: the person asked, or the store sends it because the account's
     * failed-login budget is spent (docs/reliability.md#a4).
     */
    async sendLoginLink(
      email: string,
      why: 'asked' | 'failed-logins' = 'asked',
    ): Promise<{ message: string }> {
      const identity = await repo.findIdentityByEmail(db, email.trim().toLowerCase());
      if (identity && (await ctx.withinMailCap(identity.email))) {
        const token = newSecret();
        await repo.insertOneTimeToken(db, {
          id: randomUUID(),
          purpose: 'login',
          tokenHash: hashSecret(token),
          identityId: identity.id,
          expiresAt: new Date(clock().getTime() + LOGIN_LINK_TTL_MS),
        });
        ctx.deliver(loginLinkMail(identity.email, ctx.links.loginLink(token), why));
      }
      return { message: LoginLinkMessages.sent };
    },

    /** Trades a login link's token for a session, once; 400 for a used, expired or made-up one. */
    async loginWithLink(token: string): Promise<LoginResult> {
      const now = clock();
      return db.transaction(async (t) => {
        const identityId = await repo.claimOneTimeTokenByHash(t, {
          purpose: 'login',
          tokenHash: hashSecret(token),
          now,
        });
        if (!identityId) throw new AppError('invalid_token', LoginLinkMessages.invalid);
        await repo.markEmailVerified(t, identityId, now);
        return { identityId, tokens: await ctx.sessions.issue(identityId, t) };
      });
    },
  };
}
