import type { FastifyInstance } from 'fastify';
import { storeJobs } from './composition/jobs.ts';
import { registerRoutes } from './composition/routes.ts';
import { buildServices } from './composition/services.ts';
import type { Config } from './config/env.ts';
import type { Db } from './db/database.ts';
import type { RateLimiter } from './http/rate-limit.ts';
import { createHttpServer, finishHttpServer, registerApiDocs, trackKnownPaths } from './http/server.ts';
import type { PasswordHashing } from './modules/accounts/index.ts';
import type { Mailer } from './modules/mail/index.ts';
import type { PaymentProvider } from './modules/payments/index.ts';
import { createScheduler, registerMetrics } from './modules/system/index.ts';

export interface AppDeps {
  config: Config;
  db: Db;
  /** The clock every service reads; tests pass a fixed one. */
  clock?: () => Date;
  mailer?: Mailer;
  limiter?: RateLimiter;
  /** The payment provider; built from the config (Stripe or the sandbox) when not given. */
  payments?: PaymentProvider;
  /** How passwords are hashed: argon2id unless given (only the demo seeding app gives its own). */
  passwords?: PasswordHashing;
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
  // Every answered request is counted; GET /api/metrics exists only with METRICS_TOKEN (docs/reliability.md#i2).
  registerMetrics(app, { metrics: services.metrics, token: config.metricsToken });

  const scheduler = createScheduler({ db, clock: services.clock, log: app.log, jobs: storeJobs(services) });
  app.decorate('scheduler', scheduler);
  app.addHook('onReady', async () => {
    // Shared limits and sessions from the first request when Redis is there; the store starts
    // without it after 2 seconds (docs/reliability.md#h1).
    await services.ready(2000);
    if (config.env !== 'test') scheduler.start();
  });
  app.addHook('onClose', async () => {
    // At SIGTERM the shutdown has already asked the jobs to stop, with some grace (http/shutdown.ts).
    await scheduler.stop();
    await services.close();
  });

  await registerApiDocs(app);
  const knownPaths = trackKnownPaths(app);
  await app.register((api) => registerRoutes(api, services), { prefix: '/api' });
  await finishHttpServer(app, config, knownPaths);
  return app;
}
