import {
  MessageSchema,
  ReferralQuerySchema,
  RegisterSchema,
  ResendVerificationSchema,
  VerifyEmailQuerySchema,
  VerifyEmailResponseSchema,
} from '@store/contracts';
import { Limits } from './limits.ts';
import type { AccountsRouteKit } from './route-kit.ts';
import { emailTag } from './secrets.ts';

/** Sign-up and the address check: register, verify, mail the link again. */
export function signUpRoutes(kit: AccountsRouteKit): void {
  const { r, tags, accounts, limit, limitIp } = kit;
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
}
