import type { FastifyInstance } from 'fastify';
import { storeJobs } from './composition/jobs.ts';
import { registerRoutes } from './composition/routes.ts';
import { buildServices } from './composition/services.ts';
import type { Config } from './config/env.ts';
import type { Db } from './db/database.ts';
import type { RateLimiter } from './http/rate-limit.ts';
import { createHttpServer, finishHttpServer, registerApiDocs, trackKnownPaths } from './http/server.ts';
import type { Mailer } from './modules/mail/index.ts';
import type { PaymentProvider } from './modules/payments/index.ts';
import { createScheduler } from './modules/system/index.ts';

export interface AppDeps {
  config: Config;
  db: Db;
  /** The clock every service reads; tests pass a fixed one. */
  clock?: () => Date;
  mailer?: Mailer;
  limiter?: RateLimiter;
  /** The payment provider; built from the config (Stripe or the sandbox) when not given. */
  payments?: PaymentProvider;
  /** Where logs go (tests capture them); stdout otherwise. */
  logStream?: NodeJS.WritableStream;
}

/**
 * Builds the app exactly as production runs it; `server.ts` only adds the environment and `listen`.
 * The Fastify setup is in `http/server.ts`; the services, the jobs and the routes they are given
 * are built in `composition/` (docs/decisions/016-one-composition-root.md).
 */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, db } = deps;
  const app = await createHttpServer(config, deps.logStream);
  const services = buildServices({ ...deps, log: app.log });

  const scheduler = createScheduler({ db, clock: services.clock, log: app.log, jobs: storeJobs(services) });
  app.decorate('scheduler', scheduler);
  app.addHook('onReady', async () => {
    if (config.env !== 'test') scheduler.start();
  });
  app.addHook('onClose', async () => {
    scheduler.stop();
    await services.close();
  });

  await registerApiDocs(app);
  const knownPaths = trackKnownPaths(app);
  await app.register((api) => registerRoutes(api, services), { prefix: '/api' });
  await finishHttpServer(app, config, knownPaths);
  return app;
}
