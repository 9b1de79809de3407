import { randomUUID } from 'node:crypto';
import type { SelectableEmailTypes } from '@store/contracts';
import { AppError, forbidden, notFound } from '../../http/errors.ts';
import { resetPasswordMail } from '../mail/index.ts';
import * as repo from './accounts.repository.ts';
import { type AccountsContext, RESET_TTL_MS } from './context.ts';
import { hashSecret, newSecret } from './secrets.ts';
import type { createSignUp } from './sign-up.ts';
import { readUnsubscribeToken } from './unsubscribe-link.ts';

/** The mails an operator may send again to a person (closed list, docs/reliability.md#b6). */
export type SelectableEmailType = (typeof SelectableEmailTypes)[number];

export const TOKEN_MISSING = 'Invalid unsubscribe link. Token is missing.';
export const UNSUBSCRIBE_FAILED = 'Unable to process your unsubscribe request. The link may have expired.';
export const UNSUBSCRIBED_MESSAGE = 'You have been unsubscribed from our marketing emails.';
export const EMAIL_SENT = 'The email has been sent.';

export function createAccountEmails(ctx: AccountsContext, signUp: ReturnType<typeof createSignUp>) {
  const { db, clock } = ctx;

  return {
    /** Operator only: sends one of the account mails to a person again. */
    async sendSelectedEmail(
      callerId: string,
      type: SelectableEmailType,
      identityId: string,
    ): Promise<{ message: string }> {
      const caller = await repo.findIdentityById(db, callerId);
      if (!caller?.permissions.includes('admin')) throw forbidden();
      const target = /^[0-9a-f-]{36}$/i.test(identityId)
        ? await repo.findIdentityById(db, identityId.toLowerCase())
        : undefined;
      if (!target) throw notFound('Account');
      if (type === 'verify-email') {
        if (target.emailVerifiedAt) throw new AppError('conflict', 'This email address is already verified.');
        await signUp.sendVerification(target);
      } else if (type === 'reset-password') {
        if (await ctx.withinMailCap(target.email)) {
          const token = newSecret();
          await repo.insertOneTimeToken(db, {
            id: randomUUID(),
            purpose: 'reset',
            tokenHash: hashSecret(token),
            identityId: target.id,
            expiresAt: new Date(clock().getTime() + RESET_TTL_MS),
          });
          ctx.deliver(resetPasswordMail(target.email, ctx.links.resetPassword(token, target.email)));
        }
      } else {
        if (!target.isEmailSubscribed)
          throw new AppError('conflict', 'This person has unsubscribed from marketing emails.');
        // The same welcome sign-up sends, as it fits the person today: a member is led to their
        // membership, a first box waiting at checkout back to it (docs/product.md#mails).
        ctx.deliver(signUp.welcome(target));
      }
      return { message: EMAIL_SENT };
    },

    /**
     * The link in a marketing mail turns marketing mail off. It works while the person is
     * subscribed; used again it fails like a bad link (docs/reliability.md#a6: once).
     */
    async unsubscribe(token: string | undefined): Promise<{ message: string }> {
      if (!token?.trim()) throw new AppError('bad_request', TOKEN_MISSING);
      const failed = new AppError('invalid_token', UNSUBSCRIBE_FAILED);
      const identityId = readUnsubscribeToken(ctx.config.linkSecret, token.trim(), clock());
      if (!identityId) throw failed;
      // One atomic UPDATE: of two clicks at once, one succeeds.
      if (!(await repo.unsubscribe(db, identityId))) throw failed;
      return { message: UNSUBSCRIBED_MESSAGE };
    },
  };
}
