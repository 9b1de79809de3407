import {
  ChangePasswordResultSchema,
  ChangePasswordSchema,
  EmailSchema,
  ForgotPasswordQuerySchema,
  ForgotPasswordSchema,
  MessageSchema,
  ResetPasswordSchema,
} from '@store/contracts';
import { userOf } from '../../http/auth.ts';
import { badRequest } from '../../http/errors.ts';
import { Limits } from './limits.ts';
import type { AccountsRouteKit } from './route-kit.ts';
import { emailTag } from './secrets.ts';

/** Forgotten, reset and changed passwords. */
export function passwordRoutes(kit: AccountsRouteKit): void {
  const { r, tags, accounts, limit, limitIp, signedIn } = kit;
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
}
