import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { testConfig } from '../../config/env.ts';
import { type Database, openDatabase } from '../../db/database.ts';
import { migrate } from '../../db/migrate.ts';
import { httpRequest, type TestServer } from '../../test/helpers.ts';
import { seedCatalog } from '../catalog/catalog.seed.ts';
import { newMember, payOrder } from '../checkout/checkout.test-support.ts';

/*
 * README.md#several-api-processes: two API instances, each with its own connection pool, on one
 * PostgreSQL schema and one Redis, as two processes behind a load balancer would run. PostgreSQL
 * only: PGlite is one process's embedded database.
 */

const url = process.env.TEST_DATABASE_URL;
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const DAY = 24 * 60 * 60 * 1000;

describe.skipIf(!url)('two API processes on one PostgreSQL and one Redis', () => {
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const prefix = `test-two-processes-${randomBytes(4).toString('hex')}:`;
  let now = Date.parse('2027-02-01T10:00:00.000Z');
  const clock = () => new Date(now);
  const databases: Database[] = [];
  const apps: FastifyInstance[] = [];
  const servers: TestServer[] = [];

  beforeAll(async () => {
    // Said plainly when Redis is missing, rather than as timeouts in the tests below.
    const probe = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 2000 });
    try {
      await probe.connect();
      await probe.ping();
    } catch (error) {
      throw new Error(
        `This test needs Redis at ${REDIS_URL} (start redis-server or set TEST_REDIS_URL): ${(error as Error).message}`,
      );
    } finally {
      probe.disconnect();
    }
    for (let i = 0; i < 2; i++) {
      const database = await openDatabase({ url, schema, maxConnections: 5 });
      // Both migrate, as two processes starting together do (an advisory lock lets one do it).
      await migrate(database);
      databases.push(database);
    }
    await seedCatalog(databases[0]!.db);
    const config = testConfig({ redisUrl: REDIS_URL, redisKeyPrefix: prefix });
    for (const database of databases) {
      const app = await buildApp({ config, db: database.db, clock });
      await app.listen({ port: 0, host: '127.0.0.1' });
      const baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
      apps.push(app);
      servers.push({
        app,
        database,
        config,
        baseUrl,
        request: (method, path, options = {}) => httpRequest(baseUrl, method, path, options),
        close: () => app.close(),
      });
    }
  });

  afterAll(async () => {
    for (const app of apps) await app.close();
    await databases[0]?.exec(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`).catch(() => {});
    for (const database of databases) await database.close().catch(() => {});
    const redis = new Redis(REDIS_URL);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });

  it('S2: a rate limit trips across both: 10 wrong passwords for one account and address, spread over the two processes, and the 11th is refused by either', async () => {
    const email = `nobody-${randomBytes(4).toString('hex')}@example.com`;
    const statuses: number[][] = [[], []];
    for (let i = 0; i < 12; i++) {
      const which = i % 2;
      const res = await servers[which]!.request('POST', '/api/User/Login', {
        body: { emailAddress: email, password: 'wrong-password' },
      });
      statuses[which]!.push(res.status);
    }
    const all = [0, 1, 2, 3, 4, 5].flatMap((i) => [statuses[0]![i]!, statuses[1]![i]!]);
    // Each process saw only 6 tries, under the limit of 10 on its own: only a shared counter refuses.
    expect(all.slice(0, 10).every((s) => s !== 429)).toBe(true);
    expect(all.slice(10)).toEqual([429, 429]);
  });

  it('S2: each job runs once per period: both processes tick every job at the same moment, one of them runs it', async () => {
    for (const job of apps[0]!.scheduler.jobs) {
      const other = apps[1]!.scheduler.jobs.find((j) => j.name === job.name)!;
      const ran = await Promise.all([apps[0]!.scheduler.tick(job), apps[1]!.scheduler.tick(other)]);
      expect(ran.filter(Boolean), job.name).toHaveLength(1);
      // Within the same period neither runs it again.
      const again = await Promise.all([apps[0]!.scheduler.tick(job), apps[1]!.scheduler.tick(other)]);
      expect(again.filter(Boolean), job.name).toHaveLength(0);
    }
    const history = await apps[1]!.scheduler.history();
    expect(history.map((r) => [r.name, r.runs])).toEqual(
      apps[0]!.scheduler.jobs.map((j) => [j.name, 1]).sort(),
    );
  });

  it('D3: a renewal due while both processes sweep at once is charged once', async () => {
    const member = await newMember(servers[0]!, 'two-processes');
    await payOrder(servers[0]!, member, member.orderId, 0);
    const [sub] = (
      await databases[0]!.db.execute<{ id: string }>(
        sql`SELECT id FROM subscriptions WHERE first_order_id = ${member.orderId}`,
      )
    ).rows;
    expect(sub).toBeDefined();
    now += 30 * DAY + 60_000;
    // Both processes run the sweep at the same moment (as a job each would claim, and as the
    // dev clock or the CLI runs it regardless of the claim).
    const sweeps = apps.map((app) => {
      const job = app.scheduler.jobs.find((j) => j.name === 'membership-sweep')!;
      return app.scheduler.runNow(job, clock());
    });
    await Promise.all(sweeps);
    const charges = await databases[1]!.db.execute<{ cycle_index: number; status: string }>(sql`
      SELECT cycle_index, status FROM renewal_charges WHERE subscription_id = ${sub!.id}`);
    expect(charges.rows.map((r) => [Number(r.cycle_index), r.status])).toEqual([[1, 'succeeded']]);
    const atProvider = await databases[1]!.db.execute<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM sandbox_objects c WHERE c.kind = 'charge'
        AND c.data->>'payment_intent' IN (
          SELECT provider_payment_intent_id FROM renewal_charges WHERE subscription_id = ${sub!.id})`);
    expect(Number(atProvider.rows[0]!.n)).toBe(1);
  });
});
