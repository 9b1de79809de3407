import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { builtOnce } from './built-once.ts';
import { type Database, openDatabase } from './database.ts';

describe('a statement built once', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({});
    await database.exec('CREATE TABLE notes (id int PRIMARY KEY, body text NOT NULL)');
  });
  afterAll(() => database?.close());

  const noteOf = builtOnce<{ id: number; body: string }>(
    sql`SELECT id, body FROM notes WHERE id = ${sql.placeholder('id')} AND body <> ${sql.placeholder('not')}`,
  );

  it('builds its text at the first call only, and answers each call with its own values', async () => {
    const build = vi.spyOn(PgDialect.prototype, 'sqlToQuery');
    await database.db.execute(sql`INSERT INTO notes VALUES (1, 'one'), (2, 'two')`);
    build.mockClear();
    expect(await noteOf(database.db, { id: 1, not: '' })).toEqual([{ id: 1, body: 'one' }]);
    expect(await noteOf(database.db, { id: 2, not: '' })).toEqual([{ id: 2, body: 'two' }]);
    expect(await noteOf(database.db, { id: 2, not: 'two' })).toEqual([]);
    expect(build).toHaveBeenCalledTimes(1);
    build.mockRestore();
  });

  it("runs on a transaction's connection: it sees the transaction's own rows", async () => {
    const seen = await database.db.transaction(async (tx) => {
      await tx.execute(sql`INSERT INTO notes VALUES (3, 'three')`);
      return noteOf(tx, { id: 3, not: '' });
    });
    expect(seen).toEqual([{ id: 3, body: 'three' }]);
  });
});
