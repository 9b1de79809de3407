import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DATABASE_RETRY_AFTER_SECONDS, type Db } from '../../db/database.ts';
import { notFound } from '../../http/errors.ts';
import { listMail } from '../mail/index.ts';
import { type DevClockRoutesOptions, devClockRoutes } from './dev-clock.routes.ts';
import { MAIL_PREVIEWS } from './mail-previews.ts';

export interface SystemRoutesOptions {
  db: Db;
  isProduction: boolean;
  /** PUBLIC_URL: the links of the template previews. */
  publicUrl: string;
  /** The cycle engine's sweep, for the dev clock (`POST /dev/sweep?at=`); absent: no dev clock. */
  sweep?: DevClockRoutesOptions['sweep'];
}

const HEALTH_CACHE_MS = 1000;
const HEALTHY = JSON.stringify({ status: 'ok' });
const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/** Health for load balancers, the OpenAPI document, and the dev mailbox (not in production). */
export async function systemRoutes(app: FastifyInstance, options: SystemRoutesOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // The database is pinged at most once a second, so a health check under load stays cheap.
  let lastCheck = 0;
  let lastHealthy = false;
  const healthPath = `${app.prefix}/health`;

  // Not through the type provider: the healthy answer is JSON text prepared in advance.
  app.get(
    '/health',
    {
      schema: {
        tags: ['system'],
        summary: 'Ready when the database is reachable and migrated',
        response: {
          200: z.object({ status: z.literal('ok') }),
          503: z.object({ status: z.literal('unavailable') }),
        },
      },
    },
    async (_request, reply) => {
      const now = Date.now();
      if (now - lastCheck > HEALTH_CACHE_MS) {
        lastCheck = now;
        lastHealthy = await options.db
          .execute(sql`SELECT 1 FROM schema_migrations LIMIT 1`)
          .then((r) => r.rows.length > 0)
          .catch(() => false);
        // Until the next ping is due, a healthy answer is written before routing
        // (http/prepared-answers.ts); an unhealthy one keeps coming here.
        if (lastHealthy)
          app.preparedAnswers.set(healthPath, {
            route: healthPath,
            body: HEALTHY,
            headers: { 'content-type': JSON_CONTENT_TYPE },
            freshUntil: lastCheck + HEALTH_CACHE_MS,
          });
        else app.preparedAnswers.forget(healthPath);
      }
      // The healthy answer is sent as prepared JSON text, past the schema's serialiser: load
      // balancers ask often and the answer never changes.
      return lastHealthy
        ? reply.type(JSON_CONTENT_TYPE).send(HEALTHY)
        : reply
            .code(503)
            .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
            .send({ status: 'unavailable' as const });
    },
  );

  app.get('/docs', { schema: { hide: true } }, async () => app.swagger());

  if (options.sweep)
    await app.register(devClockRoutes, { isProduction: options.isProduction, sweep: options.sweep });

  r.get(
    '/dev/mailbox',
    {
      schema: {
        tags: ['system'],
        summary: 'Development only: every email the store sent',
        response: {
          200: z.array(
            z.object({
              id: z.string(),
              kind: z.string(),
              to: z.string(),
              subject: z.string(),
              html: z.string(),
              text: z.string(),
              createdAt: z.string(),
            }),
          ),
        },
      },
    },
    async () => {
      if (options.isProduction) throw notFound('Page');
      return listMail(options.db);
    },
  );

  r.get(
    '/dev/mailbox/templates',
    {
      schema: {
        tags: ['system'],
        summary: 'Development only: every email template the store sends, rendered with sample data',
        response: {
          200: z.array(
            z.object({
              id: z.string(),
              kind: z.string(),
              title: z.string(),
              marketing: z.boolean(),
              to: z.string(),
              subject: z.string(),
              html: z.string(),
              text: z.string(),
            }),
          ),
        },
      },
    },
    async () => {
      if (options.isProduction) throw notFound('Page');
      const sample = { publicUrl: options.publicUrl, name: 'Organic Plant Protein' };
      return Promise.all(
        MAIL_PREVIEWS.map(async (preview, index) => {
          const mail = await preview.render(sample);
          return {
            id: `template-${index + 1}-${preview.kind}`,
            kind: preview.kind,
            title: preview.title,
            marketing: preview.marketing,
            to: mail.to,
            subject: mail.subject,
            html: mail.html,
            text: mail.text,
          };
        }),
      );
    },
  );
}
