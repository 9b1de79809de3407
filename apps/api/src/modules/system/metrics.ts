import { createHash, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Registry } from 'prom-client';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/errors.ts';
import { routePattern } from '../../http/security.ts';
import { paymentOutcomes } from '../../read-models/payment-outcomes.ts';
import type { Mailer } from '../mail/index.ts';
import { createRequestTally } from './request-tally.ts';

/** What a pg.Pool tells about itself; PGlite has no pool. */
interface PoolLike {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
  options?: { max?: number };
}

/**
 * The store's Prometheus metrics (docs/reliability.md#i2), one registry per app so several
 * apps in one process (the tests) never share counts. Requests and mails are counted by this
 * process; jobs, payments and renewals are read from the database at each scrape, so every
 * process reports the same store-wide figures whichever of them did the work.
 */
export function createMetrics(deps: { db: Db }) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = createRequestTally(registry);
  const mails = new Counter({
    name: 'store_mails_total',
    help: 'Mails this process tried to send, by kind and outcome (sent or failed)',
    labelNames: ['kind', 'outcome'] as const,
    registers: [registry],
  });
  const jobRuns = new Counter({
    name: 'store_job_runs_total',
    help: 'Finished runs of each scheduled job, store-wide',
    labelNames: ['job'] as const,
    registers: [registry],
  });
  const jobFailures = new Counter({
    name: 'store_job_failures_total',
    help: 'Runs of each scheduled job that ended in an error, store-wide',
    labelNames: ['job'] as const,
    registers: [registry],
  });
  const jobLastSuccess = new Gauge({
    name: 'store_job_last_success_timestamp_seconds',
    help: 'When each scheduled job last finished without an error (Unix time)',
    labelNames: ['job'] as const,
    registers: [registry],
  });
  const payments = new Gauge({
    name: 'store_payment_attempts',
    help: 'Payment attempts of orders (first boxes, tub orders, pre-orders) by outcome, store-wide',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  const renewals = new Gauge({
    name: 'store_renewal_charges',
    help: 'Renewal charge attempts of memberships by outcome, store-wide',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  const databaseUp = new Gauge({
    name: 'store_metrics_database_up',
    help: '1 when the store-wide figures could be read from the database at this scrape, else 0',
    registers: [registry],
  });
  const pool = poolOf(deps.db);
  if (pool) {
    new Gauge({
      name: 'store_db_pool_connections',
      help: "This process's PostgreSQL connections by state: total open, idle, and requests waiting for one",
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        this.set({ state: 'total' }, pool.totalCount);
        this.set({ state: 'idle' }, pool.idleCount);
        this.set({ state: 'in_use' }, pool.totalCount - pool.idleCount);
        this.set({ state: 'waiting' }, pool.waitingCount);
      },
    });
    new Gauge({
      name: 'store_db_pool_max_connections',
      help: "The size of this process's PostgreSQL pool",
      registers: [registry],
      collect() {
        this.set(pool.options?.max ?? 10);
      },
    });
  }

  /** Reads the store-wide figures; a database that does not answer leaves them out of this scrape. */
  async function refreshFromDatabase() {
    for (const metric of [jobRuns, jobFailures, jobLastSuccess, payments, renewals]) metric.reset();
    try {
      const jobs = await deps.db.execute<{
        name: string;
        runs: number;
        failures: number;
        last_succeeded_at: string | Date | null;
      }>(sql`SELECT name, runs, failures, last_succeeded_at FROM job_runs`);
      const outcomes = await paymentOutcomes(deps.db);
      for (const job of jobs.rows) {
        jobRuns.inc({ job: job.name }, Number(job.runs));
        jobFailures.inc({ job: job.name }, Number(job.failures));
        if (job.last_succeeded_at) {
          jobLastSuccess.set({ job: job.name }, new Date(job.last_succeeded_at).getTime() / 1000);
        }
      }
      for (const row of outcomes) {
        (row.kind === 'payment' ? payments : renewals).set({ outcome: row.status }, Number(row.n));
      }
      databaseUp.set(1);
    } catch {
      for (const metric of [jobRuns, jobFailures, jobLastSuccess, payments, renewals]) metric.reset();
      databaseUp.set(0);
    }
  }

  return {
    registry,
    /** Counts one answered request (the app's onResponse hook). */
    observeRequest(request: FastifyRequest, reply: FastifyReply) {
      const pattern = routePattern(request);
      // Paths no route matched are one label, so a scan of random URLs cannot grow the series.
      const route = pattern ?? (reply.statusCode < 400 ? '(web app)' : '(no route)');
      requests.observe(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
    },
    /** Counts one request answered before routing, under the pattern of the route it stands for. */
    observeAnswered(method: string, route: string, status: number, seconds: number) {
      requests.observe(method, route, status, seconds);
    },
    /** The mailer, counting each mail as sent or failed. */
    countMails(mailer: Mailer): Mailer {
      return {
        async send(mail) {
          try {
            await mailer.send(mail);
          } catch (error) {
            mails.inc({ kind: mail.kind, outcome: 'failed' });
            throw error;
          }
          mails.inc({ kind: mail.kind, outcome: 'sent' });
        },
      };
    },
    async render(): Promise<{ contentType: string; body: string }> {
      await refreshFromDatabase();
      return { contentType: registry.contentType, body: await registry.metrics() };
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

/** The pg.Pool under Drizzle, when the store runs on PostgreSQL. */
function poolOf(db: Db): PoolLike | undefined {
  const client = (db as unknown as { $client?: Partial<PoolLike> }).$client;
  return client && typeof client.totalCount === 'number' ? (client as PoolLike) : undefined;
}

/**
 * Counts every answered request, and serves `GET /api/metrics` for Prometheus (docs/reliability.md#i2): only with
 * `Authorization: Bearer <METRICS_TOKEN>`; without a token configured the route does not exist
 * (404), and every answered request is counted either way.
 */
export function registerMetrics(app: FastifyInstance, options: { metrics: Metrics; token?: string }): void {
  const { metrics, token } = options;
  app.addHook('onResponse', (request, reply, done) => {
    metrics.observeRequest(request, reply);
    done();
  });
  app.preparedAnswers.onAnswered((a) => metrics.observeAnswered(a.method, a.route, a.status, a.seconds));
  if (!token) return;
  const expected = digest(token);
  app.get('/api/metrics', { schema: { hide: true } }, async (request, reply) => {
    const header = request.headers.authorization ?? '';
    const given = /^Bearer\s+(.+)$/i.exec(header)?.[1]?.trim() ?? '';
    if (!given || !timingSafeEqual(digest(given), expected)) {
      throw new AppError('unauthorized', 'This needs the metrics token.', {
        headers: { 'www-authenticate': 'Bearer realm="metrics"' },
      });
    }
    const { contentType, body } = await metrics.render();
    return reply.type(contentType).send(body);
  });
}

/** Equal-length digests, so the comparison takes the same time whatever was sent. */
function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}
