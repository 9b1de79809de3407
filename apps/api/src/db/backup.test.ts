import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { testConfig } from '../config/env.ts';
import { seedCatalog } from '../modules/catalog/catalog.seed.ts';
import { newMember, PASSWORD, payOrder, relaxedLimiter } from '../modules/checkout/checkout.test-support.ts';
import { httpRequest, type TestServer } from '../test/helpers.ts';
import { type Database, openDatabase } from './database.ts';
import { migrate } from './migrate.ts';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../../../..');
const DAY = 24 * 60 * 60 * 1000;
const work = mkdtempSync(path.join(tmpdir(), 'store-backup-'));

afterAll(() => {
  rmSync(work, { recursive: true, force: true });
});

/** The store as production builds it, over `database`, listening on a loopback port. */
async function storeOn(database: Database): Promise<TestServer> {
  const config = testConfig();
  const app = await buildApp({ config, db: database.db, limiter: relaxedLimiter() });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  return {
    app,
    database,
    config,
    baseUrl,
    request: (method, p, options = {}) => httpRequest(baseUrl, method, p, options),
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/** Rows of every table of the store, by table name. */
async function rowCounts(database: Database): Promise<Record<string, number>> {
  const tables = await database.db.execute<{ name: string }>(
    sql`SELECT tablename AS name FROM pg_tables WHERE schemaname = current_schema() ORDER BY tablename`,
  );
  const counts: Record<string, number> = {};
  for (const { name } of tables.rows) {
    const result = await database.db.execute<{ n: number }>(
      sql.raw(`SELECT count(*)::int AS n FROM "${name}"`),
    );
    counts[name] = Number(result.rows[0]!.n);
  }
  return counts;
}

/** `npm run <script> -- <file>` with this environment; answers its one line of JSON. */
async function npmRun(script: 'backup' | 'restore', file: string, env: Record<string, string>) {
  const { stdout } = await run(process.execPath, [path.join(root, `scripts/${script}.mjs`), file], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', ...env },
  });
  return JSON.parse(stdout.trim().split('\n').at(-1)!);
}

/** A store with members who paid their first boxes: members, orders, payments, memberships. */
async function fillStore(store: TestServer) {
  await seedCatalog(store.database.db);
  const members = [];
  for (const prefix of ['backup-a', 'backup-b']) {
    const member = await newMember(store, prefix);
    await payOrder(store, member, member.orderId, 0);
    members.push(member);
  }
  return members;
}

/** After the restore: a member logs in, and a month on each membership renews exactly once. */
async function expectWorkingStore(store: TestServer, emails: string[]) {
  for (const email of emails) {
    const login = await store.request('POST', '/api/User/Login', {
      body: { emailAddress: email, password: PASSWORD },
    });
    expect(login.status).toBe(200);
    expect(login.body.token).toBeTruthy();
  }
  const at = new Date(Date.now() + 31 * DAY).toISOString();
  for (let i = 0; i < 2; i++) {
    expect((await store.request('POST', `/api/dev/sweep?at=${encodeURIComponent(at)}`)).status).toBe(200);
  }
  const renewals = await store.database.db.execute<{ subscription_id: string; n: number }>(sql`
    SELECT s.id AS subscription_id, count(r.id)::int AS n FROM subscriptions s
    LEFT JOIN renewal_charges r ON r.subscription_id = s.id AND r.status = 'succeeded'
    GROUP BY s.id`);
  expect(renewals.rows).toHaveLength(emails.length);
  for (const row of renewals.rows) expect(Number(row.n)).toBe(1);
}

describe('I3 backups that restore', () => {
  it('I3: the embedded database: backup, restore into an empty DATA_DIR, every row there and the store working', async () => {
    const source = path.join(work, 'source');
    mkdirSync(source);
    const database = await openDatabase({ dataDir: path.join(source, 'pglite') });
    await migrate(database);
    const store = await storeOn(database);
    const members = await fillStore(store);
    const before = await rowCounts(database);
    expect(before.identities).toBeGreaterThanOrEqual(2);
    expect(before.payment_attempts).toBe(2);
    // PGlite belongs to one process: the store is stopped for its backup.
    await store.close();

    const file = path.join(work, 'store.pglite.tar.gz');
    expect(await npmRun('backup', file, { DATA_DIR: source })).toMatchObject({ database: 'pglite' });
    const target = path.join(work, 'restored');
    const restored = await npmRun('restore', file, { DATA_DIR: target });
    expect(restored.tables).toBe(Object.keys(before).length);
    // A second restore over it is refused: a restore never mixes two stores.
    await expect(npmRun('restore', file, { DATA_DIR: target })).rejects.toThrow(/already holds a database/);

    const back = await openDatabase({ dataDir: path.join(target, 'pglite') });
    expect(await rowCounts(back)).toEqual(before);
    const again = await storeOn(back);
    try {
      await expectWorkingStore(
        again,
        members.map((m) => m.email),
      );
    } finally {
      await again.close();
    }
  }, 180_000);

  it.runIf(process.env.TEST_DATABASE_URL)(
    'I3: PostgreSQL: pg_dump while the store serves, pg_restore into a new database, every row there and the store working',
    async () => {
      const base = process.env.TEST_DATABASE_URL!;
      const suffix = Math.random().toString(16).slice(2, 10);
      const names = [`backup_src_${suffix}`, `backup_dst_${suffix}`];
      const admin = new pg.Client({ connectionString: base });
      await admin.connect();
      const urlOf = (name: string) => {
        const url = new URL(base);
        url.pathname = `/${name}`;
        return url.toString();
      };
      try {
        for (const name of names) await admin.query(`CREATE DATABASE "${name}"`);
        const database = await openDatabase({ url: urlOf(names[0]!), maxConnections: 5 });
        await migrate(database);
        const store = await storeOn(database);
        let before: Record<string, number>;
        let members: { email: string }[];
        const file = path.join(work, 'store.pgdump');
        try {
          members = await fillStore(store);
          before = await rowCounts(database);
          expect(before.payment_attempts).toBe(2);
          expect(await npmRun('backup', file, { DATABASE_URL: urlOf(names[0]!) })).toMatchObject({
            database: 'postgres',
          });
        } finally {
          await store.close();
        }
        const restored = await npmRun('restore', file, { DATABASE_URL: urlOf(names[1]!) });
        expect(restored.tables).toBe(Object.keys(before).length);
        await expect(npmRun('restore', file, { DATABASE_URL: urlOf(names[1]!) })).rejects.toThrow(
          /not empty/,
        );

        const back = await openDatabase({ url: urlOf(names[1]!), maxConnections: 5 });
        expect(await rowCounts(back)).toEqual(before);
        const again = await storeOn(back);
        try {
          await expectWorkingStore(
            again,
            members.map((m) => m.email),
          );
        } finally {
          await again.close();
        }
      } finally {
        for (const name of names) await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
        await admin.end();
      }
    },
    180_000,
  );

  it('I3: a backup of one kind is refused by the other, and a missing file is named', async () => {
    const file = path.join(work, 'not-a-backup.txt');
    writeFileSync(file, 'hello');
    await expect(npmRun('restore', file, { DATA_DIR: path.join(work, 'other') })).rejects.toThrow(
      /not a backup of this store/,
    );
    await expect(npmRun('restore', path.join(work, 'missing.dump'), { DATA_DIR: work })).rejects.toThrow(
      /does not exist/,
    );
  });
});
