import { randomBytes } from 'node:crypto';
import net, { type AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { testConfig } from '../../config/env.ts';
import { type Database, openDatabase } from '../../db/database.ts';
import { migrate } from '../../db/migrate.ts';
import { httpRequest, type TestServer } from '../../test/helpers.ts';
import { signUpVerified } from '../accounts/accounts.test-support.ts';

/*
 * docs/reliability.md#h1: two API processes on one PostgreSQL, reaching Redis through a TCP proxy
 * the test cuts (open connections dropped, new ones refused) and restores on the same port.
 * PostgreSQL only, as two processes need a database both can reach.
 */

const url = process.env.TEST_DATABASE_URL;
const REDIS_URL = new URL(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379');

async function startProxy(target: URL) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | undefined;
  let port = 0;
  const open = () =>
    new Promise<void>((resolve) => {
      if (server?.listening) return resolve();
      server = net.createServer((incoming) => {
        const outgoing = net.connect(Number(target.port || 6379), target.hostname);
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
      server!.close(() => resolve());
      for (const s of sockets) s.destroy();
    });
  await open();
  return { url: () => `redis://127.0.0.1:${port}`, open, cut };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** The session (refresh family) id inside an access token. */
const sessionOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')).sid as string;

describe.skipIf(!url)(
  'H1 Redis away: two processes on PostgreSQL, Redis behind a proxy the test cuts',
  () => {
    const schema = `t_${randomBytes(6).toString('hex')}`;
    const prefix = `test-redis-outage-${randomBytes(4).toString('hex')}:`;
    let proxy: Awaited<ReturnType<typeof startProxy>>;
    let direct: Redis;
    const databases: Database[] = [];
    const apps: FastifyInstance[] = [];
    const servers: TestServer[] = [];

    beforeAll(async () => {
      direct = new Redis(REDIS_URL.toString(), { maxRetriesPerRequest: 0, connectTimeout: 2000 });
      await direct.ping();
      proxy = await startProxy(REDIS_URL);
      for (let i = 0; i < 2; i++) {
        const database = await openDatabase({ url, schema, maxConnections: 5 });
        await migrate(database);
        databases.push(database);
      }
      const config = testConfig({ redisUrl: proxy.url(), redisKeyPrefix: prefix });
      for (const database of databases) {
        const app = await buildApp({ config, db: database.db });
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
      await proxy?.open().catch(() => {});
      for (const app of apps) await app.close();
      await databases[0]?.exec(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`).catch(() => {});
      for (const database of databases) await database.close().catch(() => {});
      const keys = await direct.keys(`${prefix}*`);
      if (keys.length > 0) await direct.del(...keys);
      await direct.quit();
    });

    it('H1: with Redis cut, a session logged out on one process is refused by the other, no call answers 500 or waits for Redis, limits hold per process, and after Redis returns both use it again without a restart', async () => {
      const [a, b] = servers as [TestServer, TestServer];
      const member = await signUpVerified(a, `outage-${randomBytes(3).toString('hex')}@example.com`);
      const authInfoOn = (s: TestServer, token = member.token) =>
        s.request('GET', '/api/Account/AuthInfo', { token });
      expect((await authInfoOn(b)).status).toBe(200);

      await proxy.cut();

      // The logout is answered, and the other process refuses the token: it reads the ended session
      // from the database instead of taking Redis's silence for "still signed in".
      const out = await a.request('POST', '/api/Account/Logout', {
        body: { refresh_token: member.refreshToken },
      });
      expect(out.status).toBe(200);
      expect((await authInfoOn(a)).status).toBe(401);
      await sleep(1100); // past the second b trusts its last answer from Redis
      expect((await authInfoOn(b)).status).toBe(401);

      // Every call goes on, quickly, while Redis is away.
      const email = `outage-login-${randomBytes(3).toString('hex')}@example.com`;
      const other = await signUpVerified(b, email);
      expect((await authInfoOn(a, other.token)).status).toBe(200);
      for (const s of [a, b]) {
        const started = Date.now();
        const login = await s.request('POST', '/api/User/Login', {
          body: { emailAddress: email, password: 'correct horse battery staple' },
        });
        expect(login.status).toBe(200);
        expect(Date.now() - started).toBeLessThan(1500);
        const refreshed = await s.request('POST', '/api/Account/RefreshToken', {
          body: { refresh_token: login.body.refresh_token },
        });
        expect(refreshed.status).toBe(200);
        const forgot = await s.request('POST', '/api/User/ForgotPassword', { body: { email } });
        expect(forgot.status).toBe(200);
      }

      // Limits fall back to each process's own counters: the 11th wrong password is refused.
      const guessed = `outage-guess-${randomBytes(3).toString('hex')}@example.com`;
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++) {
        const res = await a.request('POST', '/api/User/Login', {
          body: { emailAddress: guessed, password: `wrong ${i}` },
        });
        statuses.push(res.status);
      }
      expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
      expect(statuses[10]).toBe(429);

      await proxy.open();

      // Back without a restart: each process writes its counters to Redis again…
      for (const [i, s] of [a, b].entries()) {
        const probe = `outage-back-${i}-${randomBytes(3).toString('hex')}@example.com`;
        let inRedis = 0;
        for (let tries = 0; tries < 40 && !inRedis; tries++) {
          await s.request('POST', '/api/User/Login', { body: { emailAddress: probe, password: 'wrong' } });
          inRedis = await direct.exists(`${prefix}rl:login-account:${probe}|127.0.0.1`);
          if (!inRedis) await sleep(100);
        }
        expect(inRedis, `process ${i} uses Redis again`).toBe(1);
      }
      // …a limit trips across both again (each saw 6 tries, under 10 on its own)…
      const shared = `outage-shared-${randomBytes(3).toString('hex')}@example.com`;
      const spread: number[] = [];
      for (let i = 0; i < 12; i++) {
        const res = await servers[i % 2]!.request('POST', '/api/User/Login', {
          body: { emailAddress: shared, password: 'wrong' },
        });
        spread.push(res.status);
      }
      expect(spread.slice(0, 10).every((s) => s === 400)).toBe(true);
      expect(spread.slice(10)).toEqual([429, 429]);
      // …and the logout made while Redis was away reached it, for processes that never read the database.
      let written = 0;
      for (let tries = 0; tries < 20 && !written; tries++) {
        written = await direct.exists(`${prefix}rv:${sessionOf(member.token)}`);
        if (!written) await sleep(100);
      }
      expect(written).toBe(1);
    }, 60_000);
  },
);
