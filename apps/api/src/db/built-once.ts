import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from './database.ts';

/**
 * A raw statement whose SQL text is built once, with its values as `sql.placeholder(name)`, run
 * on whichever session it is handed: the pool, or a transaction's connection. Drizzle otherwise
 * builds a statement's text from its template at every call, and a prepared Drizzle statement
 * belongs to the session it was made on, so a statement inside a transaction was built anew each
 * time: a quarter of a cart add's CPU (docs/performance.md, "Statements built once"). The rows
 * come as the driver answers them (column names as selected, timestamps as text).
 */
export function builtOnce<Row>(statement: SQL): (db: Db, values: Record<string, unknown>) => Promise<Row[]> {
  let query: { sql: string; params: unknown[] } | undefined;
  return async (db, values) => {
    query ??= new PgDialect().sqlToQuery(statement);
    const result = await db._.session.prepareQuery(query, undefined, undefined, false).execute(values);
    return (result as unknown as { rows: Row[] }).rows;
  };
}
