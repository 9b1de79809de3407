import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../http/errors.ts';
import type { SweepReport } from '../cycles/index.ts';

export interface DevClockRoutesOptions {
  isProduction: boolean;
  /** One run of the cycle engine at the given time (the engine's `sweep`). */
  sweep: (at: Date) => Promise<SweepReport>;
}

const count = z.number().int();

/**
 * Development only (docs/decisions/011-dev-clock.md): `POST /dev/sweep?at=ISO` runs one sweep of
 * the membership cycle as if it were `at`, so a browser test or a person trying the store can
 * move a membership through its stages and renewals (docs/product.md#membership-cycle: "outside production a setting
 * can advance them on dates"). Refused (404) in production, like the dev mailbox. It moves no
 * clock: every other request still uses the real time, and sweeping an earlier time again is harmless.
 */
export async function devClockRoutes(app: FastifyInstance, options: DevClockRoutesOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/dev/sweep',
    {
      schema: {
        tags: ['system'],
        summary: 'Development only: one membership sweep at the given time',
        querystring: z.object({
          at: z.iso.datetime({
            offset: true,
            error: 'Please give the time as an ISO date (2027-01-15T00:00:00Z).',
          }),
        }),
        response: {
          200: z.object({
            at: z.string(),
            renewed: count,
            failed: count,
            canceled: count,
            skipped: count,
            samplesChosen: count,
            shipped: count,
            delivered: count,
            reminders: count,
            mailsSent: count,
          }),
        },
      },
    },
    async (request) => {
      if (options.isProduction) throw notFound('Page');
      const at = new Date(request.query.at);
      const report = await options.sweep(at);
      return { at: at.toISOString(), ...report };
    },
  );
}
