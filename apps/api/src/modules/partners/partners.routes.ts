import { MessageSchema, PartnerMessages, PartnerRequestSchema } from '@store/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { limitPerIp, type RateLimiter } from '../../http/rate-limit.ts';
import type { PartnersService } from './partners.service.ts';

export interface PartnersRoutesOptions {
  partners: PartnersService;
  limiter: RateLimiter;
}

/** An applicant applies once or twice; more from one address in an hour is a script. */
const PARTNER_LIMIT = { name: 'partner-request-ip', max: 5, windowMs: 60 * 60 * 1000 };

/** The ambassador (influencer) application of docs/product.md#public-pages. */
export async function partnersRoutes(app: FastifyInstance, options: PartnersRoutesOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { partners } = options;

  r.post(
    '/User/SubmitPartnerRequest',
    {
      schema: {
        tags: ['site'],
        summary: 'Sends an ambassador application to the store',
        body: PartnerRequestSchema,
        response: { 200: MessageSchema },
      },
      preHandler: limitPerIp(options.limiter, PARTNER_LIMIT),
    },
    async (request) => {
      await partners.submit(request.body, request.log);
      return { message: PartnerMessages.thanks };
    },
  );
}
