import { ContactMessageSchema, centsToDollars, MessageSchema, SiteConfigSchema } from '@store/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../../config/env.ts';
import { limitPerIp, type RateLimiter } from '../../http/rate-limit.ts';
import type { ContactService } from './contact.service.ts';

export interface ContactRoutesOptions {
  contact: ContactService;
  limiter: RateLimiter;
  config: Pick<Config, 'planPriceCents' | 'handlingFeeCents'>;
}

/** A person may write a few times in a row, not flood the store's inbox. */
const CONTACT_LIMIT = { name: 'contact-ip', max: 5, windowMs: 15 * 60 * 1000 };

/** The public site's calls: the footer's contact form and the configured prices. */
export async function contactRoutes(app: FastifyInstance, options: ContactRoutesOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { contact } = options;

  r.post(
    '/contact/SendContactEmail',
    {
      schema: {
        tags: ['site'],
        summary: 'Sends the footer contact form to the store',
        body: ContactMessageSchema,
        response: { 200: MessageSchema },
      },
      preHandler: limitPerIp(options.limiter, CONTACT_LIMIT),
    },
    async (request) => {
      await contact.receive(request.body, request.log);
      return { message: 'Message sent!' };
    },
  );

  r.get(
    '/site/config',
    {
      schema: {
        tags: ['site'],
        summary: 'The configured Discover plan price and handling fee',
        response: { 200: SiteConfigSchema },
      },
    },
    async (_request, reply) => {
      // Prices change only with a restart. Private: the answer may carry the XSRF cookie.
      reply.header('Cache-Control', 'private, max-age=300');
      return {
        planPrice: centsToDollars(options.config.planPriceCents),
        handlingFee: centsToDollars(options.config.handlingFeeCents),
      };
    },
  );
}
