import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reusePgliteStatements } from './pglite-statements.ts';

describe('PGlite statements prepared once', () => {
  let plain: PGlite;
  let reusing: PGlite;

  beforeAll(async () => {
    plain = new PGlite();
    reusing = new PGlite();
    reusePgliteStatements(reusing);
    for (const db of [plain, reusing]) {
      await db.exec(`
        CREATE TABLE things (id int PRIMARY KEY, name text, tags text[], doc jsonb, at timestamptz,
          price numeric(10, 2), ok boolean, raw bytea, ref uuid, day date, n bigint);
        INSERT INTO things VALUES
          (1, 'one', '{a,b}', '{"x": 1}', '2026-01-02T03:04:05Z', 12.5, true, '\\x0102',
           '6f1c2a4e-8b1d-4c3e-9f00-0123456789ab', '2026-02-03', 9007199254740993),
          (2, NULL, '{}', 'null', NULL, NULL, NULL, NULL, NULL, NULL, NULL);`);
    }
  });
  afterAll(async () => {
    await plain?.close();
    await reusing?.close();
  });

  it('answers exactly what PGlite answers unnamed, for every kind of value and both row modes', async () => {
    const text =
      'SELECT id, name, tags, doc, at, price, ok, raw, ref, day, n FROM things WHERE id = ANY($1::int[]) AND ($2::text IS NULL OR name <> $2) AND (ref IS NULL OR ref <> $3) ORDER BY id';
    const params = [[1, 2], 'zzz', '00000000-0000-4000-8000-000000000000'];
    for (const options of [undefined, { rowMode: 'array' as const }]) {
      for (let i = 0; i < 3; i++) {
        expect(await reusing.query(text, params, options)).toEqual(await plain.query(text, params, options));
      }
    }
    const withJson = 'SELECT $1::jsonb AS doc, $2::timestamptz AS at, $3::text[] AS tags, $4::boolean AS ok';
    const values = [{ nested: [1, 'two'] }, new Date('2026-03-04T05:06:07Z'), ['x', 'y "z"'], false];
    expect(await reusing.query(withJson, values)).toEqual(await plain.query(withJson, values));
  });

  it('prepares a statement with parameters under a name, once, and leaves one without parameters unnamed', async () => {
    await reusing.query('SELECT name AS once FROM things WHERE id = $1', [1]);
    await reusing.query('SELECT name AS once FROM things WHERE id = $1', [2]);
    await reusing.query('SELECT 1 AS no_parameters');
    const prepared = await reusing.query<{ name: string; statement: string }>(
      'SELECT name, statement FROM pg_prepared_statements',
    );
    const mine = prepared.rows.filter((r) => r.statement.includes('AS once'));
    expect(mine).toHaveLength(1);
    expect(mine[0]!.name).toMatch(/^s_/);
    expect(prepared.rows.some((r) => r.statement.includes('no_parameters'))).toBe(false);
  });

  it("writes count their rows, and a failed statement answers PostgreSQL's error and leaves PGlite usable", async () => {
    const update = await reusing.query('UPDATE things SET name = $1 WHERE id = $2', ['uno', 1]);
    expect(update.affectedRows).toBe(1);
    await expect(reusing.query('SELECT $1::int / $2::int AS q', [1, 0])).rejects.toMatchObject({
      code: '22012',
    });
    await expect(reusing.query('SELEC $1::int', [1])).rejects.toMatchObject({ code: '42601' });
    expect((await reusing.query('SELECT $1::int / $2::int AS q', [7, 2])).rows).toEqual([{ q: 3 }]);
  });

  it("waits for another caller's transaction instead of running inside it", async () => {
    let inserted!: () => void;
    const insertedNow = new Promise<void>((resolve) => {
      inserted = resolve;
    });
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const transaction = reusing.transaction(async (tx) => {
      await tx.query('INSERT INTO things (id, name) VALUES ($1, $2)', [3, 'three']);
      inserted();
      await released;
      await tx.rollback();
    });
    await insertedNow;
    const read = reusing.query<{ n: number }>('SELECT count(*)::int AS n FROM things WHERE id >= $1', [1]);
    release();
    await transaction;
    // Run inside the open transaction, the read would have counted the row it rolled back.
    expect((await read).rows).toEqual([{ n: 2 }]);
  });
});
