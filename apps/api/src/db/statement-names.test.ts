import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from './database.ts';
import { statementNames } from './statement-names.ts';

describe('statement names', () => {
  it('gives equal texts one name and different texts different names', () => {
    const statementName = statementNames();
    const a = statementName('SELECT $1::int AS probe_a');
    expect(a).toMatch(/^s_[\w-]+$/);
    expect(statementName('SELECT $1::int AS probe_a')).toBe(a);
    expect(statementName('SELECT $1::int AS probe_b')).not.toBe(a);
    // PostgreSQL cuts identifiers at 63 bytes; two names must not meet in their first 63.
    expect(a!.length).toBeLessThan(64);
  });

  it('names no more than the kept number of texts, and keeps the names it gave', () => {
    const statementName = statementNames(3);
    const given = [1, 2, 3, 4, 5].map((i) => statementName(`SELECT $1::int AS probe_${i}`));
    expect(given.slice(0, 3).every((name) => name !== undefined)).toBe(true);
    expect(given.slice(3)).toEqual([undefined, undefined]);
    expect(statementName('SELECT $1::int AS probe_1')).toBe(given[0]);
  });
});

const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)('statements on PostgreSQL are prepared once per connection', () => {
  const schema = `t_${randomBytes(6).toString('hex')}`;
  let database: Database;

  beforeAll(async () => {
    database = await openDatabase({ url, maxConnections: 1, schema });
  });
  afterAll(async () => {
    await database?.db.execute(sql.raw(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`)).catch(() => {});
    await database?.close();
  });

  /** The statements prepared on the pool's one connection, with their text. */
  const prepared = async () =>
    (
      await database.db.execute<{ name: string; statement: string }>(
        sql`SELECT name, statement FROM pg_prepared_statements`,
      )
    ).rows;

  it('a statement with parameters is prepared under its name and answered the same each time', async () => {
    const marker = randomBytes(4).toString('hex');
    const probe = (n: number) =>
      database.db.execute<{ doubled: number }>(
        sql`SELECT ${n}::int * 2 AS doubled, ${marker}::text AS marker`,
      );
    expect((await probe(2)).rows).toEqual([{ doubled: 4, marker }]);
    expect((await probe(21)).rows).toEqual([{ doubled: 42, marker }]);
    const mine = (await prepared()).filter((s) => s.statement.includes('AS doubled'));
    expect(mine).toHaveLength(1);
    expect(mine[0]!.name).toMatch(/^s_/);
  });

  it('inside a transaction too, and a failed statement leaves the connection usable', async () => {
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT ${1}::int AS in_transaction`);
    });
    expect((await prepared()).some((s) => s.statement.includes('AS in_transaction'))).toBe(true);
    await expect(database.db.execute(sql`SELECT ${'x'}::int AS not_a_number`)).rejects.toThrow();
    expect((await database.db.execute(sql`SELECT ${3}::int AS after_failure`)).rows).toEqual([
      { after_failure: 3 },
    ]);
  });

  it('a statement without parameters is not named (it may hold several commands)', async () => {
    await database.db.execute(sql`SELECT 1 AS without_parameters; SELECT 2 AS second_command`);
    expect((await prepared()).some((s) => s.statement.includes('without_parameters'))).toBe(false);
  });
});
