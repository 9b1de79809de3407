import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { testConfig } from '../config/env.ts';
import { seedCatalog } from '../modules/catalog/catalog.seed.ts';
import { httpRequest } from '../test/helpers.ts';
import { type Database, isDatabaseUnavailable, openDatabase } from './database.ts';
import { migrate } from './migrate.ts';

const url = process.env.TEST_DATABASE_URL;

/**
 * A TCP relay between the API and PostgreSQL, so a test can make the database unreachable
 * (connections refused, open ones cut) and reachable again on the same address.
 */
async function startRelay(target: URL) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | undefined;
  let port = 0;
  const open = () =>
    new Promise<void>((resolve) => {
      if (server?.listening) return resolve();
      server = net.createServer((incoming) => {
        const outgoing = net.connect(Number(target.port || 5432), target.hostname);
        for (const s of [incoming, outgoing]) {
          sockets.add(s);
          s.on('close', () => sockets.delete(s));
          s.on('error', () => {});
        }
        incoming.pipe(outgoing).pipe(incoming);
      });
      server.listen(port, '127.0.0.1', () => {
        port = (server!.address() as AddressInfo).port;
        resolve();
      });
    });
  const cut = () =>
    new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy();
      server!.close(() => resolve());
    });
  await open();
  return { port: () => port, open, cut };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(!url)(
  'database restarts (PostgreSQL; PGlite runs inside the process and has no connection to lose)',
  () => {
    const appName = `store-restart-${randomBytes(4).toString('hex')}`;
    const schema = `t_${randomBytes(6).toString('hex')}`;
    let relay: Awaited<ReturnType<typeof startRelay>>;
    let database: Database;
    let app: FastifyInstance;
    let admin: pg.Client;
    let baseUrl: string;
    const lost: Error[] = [];

    beforeAll(async () => {
      const target = new URL(url!);
      relay = await startRelay(target);
      const viaRelay = new URL(url!);
      viaRelay.hostname = '127.0.0.1';
      viaRelay.port = String(relay.port());
      database = await openDatabase({
        url: viaRelay.toString(),
        schema,
        maxConnections: 5,
        applicationName: appName,
      });
      database.onConnectionError = (error) => lost.push(error);
      await migrate(database);
      await seedCatalog(database.db);
      app = await buildApp({ config: testConfig(), db: database.db });
      await app.listen({ port: 0, host: '127.0.0.1' });
      baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
      admin = new pg.Client({ connectionString: url });
      await admin.connect();
    });

    afterAll(async () => {
      await app?.close();
      await relay?.open().catch(() => {});
      await admin?.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`).catch(() => {});
      await admin?.end();
      await database?.close().catch(() => {});
    });

    const terminateApiBackends = async () => {
      const result = await admin.query(
        'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1',
        [appName],
      );
      return result.rowCount ?? 0;
    };
    const getProduct = () => httpRequest(baseUrl, 'GET', '/api/product/GetItem?id=1');
    const healthUntil = async (status: number) => {
      // Health pings the database at most once a second: ask a few times until it has looked again.
      let res = await httpRequest(baseUrl, 'GET', '/api/health');
      for (let i = 0; i < 30 && res.status !== status; i++) {
        await sleep(200);
        res = await httpRequest(baseUrl, 'GET', '/api/health');
      }
      return res;
    };

    it('R1: terminating the API connections under load fails requests cleanly, and the next ones reconnect', async () => {
      expect((await getProduct()).status).toBe(200);

      const load = Array.from({ length: 40 }, async (_, i) => {
        await sleep(i * 5);
        return getProduct();
      });
      await sleep(50);
      expect(await terminateApiBackends()).toBeGreaterThan(0);
      const answers = await Promise.all(load);
      for (const res of answers) {
        if (res.status === 200) continue;
        expect(res.status).toBe(503);
        expect(res.body.code).toBe('service_unavailable');
        expect(res.body.error_description).toMatch(/try again/i);
        expect(res.headers.get('retry-after')).toBe('5');
      }

      // Same process, no restart: every next request succeeds on fresh connections.
      const after = await Promise.all(Array.from({ length: 10 }, () => getProduct()));
      expect(after.map((r) => r.status)).toEqual(Array(10).fill(200));
      expect((await healthUntil(200)).body).toEqual({ status: 'ok' });
    });

    it('R1: a connection cut in the middle of a transaction rejects that transaction only and writes nothing', async () => {
      await database.db.execute(sql`CREATE TABLE IF NOT EXISTS restart_probe (n int)`);
      lost.length = 0;
      const work = database.db.transaction(async (tx) => {
        await tx.execute(sql`INSERT INTO restart_probe VALUES (1)`);
        await terminateApiBackends();
        await sleep(100);
        await tx.execute(sql`INSERT INTO restart_probe VALUES (2)`);
      });
      const failure = await work.then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(isDatabaseUnavailable(failure)).toBe(true);
      // The checked-out connection reported its loss instead of crashing the process.
      expect(lost.length).toBeGreaterThan(0);
      const rows = await database.db.execute(sql`SELECT count(*)::int AS n FROM restart_probe`);
      expect(rows.rows[0]).toEqual({ n: 0 });
      expect((await getProduct()).status).toBe(200);
    });

    it('R1: while the database is unreachable every route answers 503 with retry-after, then recovers', async () => {
      await relay.cut();
      try {
        const read = await getProduct();
        expect(read.status).toBe(503);
        expect(read.body.code).toBe('service_unavailable');
        expect(read.headers.get('retry-after')).toBe('5');
        const write = await httpRequest(baseUrl, 'POST', '/api/contact/SendContactEmail', {
          body: { name: 'Ann', email: 'ann@example.com', text: 'Is the store open?' },
        });
        expect(write.status).toBe(503);
        expect(write.body.code).toBe('service_unavailable');
        const health = await healthUntil(503);
        expect(health.status).toBe(503);
        expect(health.body).toEqual({ status: 'unavailable' });
        expect(health.headers.get('retry-after')).toBe('5');
      } finally {
        await relay.open();
      }
      expect((await getProduct()).status).toBe(200);
      expect((await healthUntil(200)).status).toBe(200);
    });
  },
);
