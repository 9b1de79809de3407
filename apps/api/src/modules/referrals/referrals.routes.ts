import { MyReferralsSchema } from '@store/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type AccessTokens, requireUser, userOf } from '../../http/auth.ts';
import type { ReferralsService } from './referrals.service.ts';

export interface ReferralsRoutesOptions {
  referrals: ReferralsService;
  tokens: AccessTokens;
}

/** GET /referrals/Mine: the referral popup's and order detail's link (docs/product.md#referrals). */
export async function referralsRoutes(app: FastifyInstance, options: ReferralsRoutesOptions) {
  const { referrals, tokens } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/referrals/Mine',
    {
      schema: {
        tags: ['referrals'],
        summary: "The member's referral link, how many referred members have paid, and the free-tub coupon",
        response: { 200: MyReferralsSchema },
      },
      preValidation: requireUser(tokens),
    },
    async (request) => referrals.mine(userOf(request)),
  );

  r.post(
    '/referrals/PopupShown',
    {
      schema: {
        tags: ['referrals'],
        summary: "The member closed the shop's referral popup (the account's copy of referralPopupShown)",
        response: { 204: z.null() },
      },
      preValidation: requireUser(tokens),
    },
    async (request, reply) => {
      await referrals.popupShown(userOf(request));
      return reply.code(204).send(null);
    },
  );
}
