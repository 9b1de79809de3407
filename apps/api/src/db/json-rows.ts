import { type Column, getTableColumns, getTableName, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

/*
 * A whole table row read as one JSON value built by the database (`row_to_json`), and turned back
 * into the row Drizzle would have answered. A wide row read as columns costs the client a field
 * description per column at every execution and a value parse per column; as one JSON value it is
 * one field and one native `JSON.parse` (docs/performance.md, "A wide row as one JSON value").
 * Only the column kinds below are known; a table with another kind is refused when its decoder is
 * made (at start-up), so a column of a new kind cannot be misread quietly.
 */

/** Column kinds whose JSON form `mapFromDriverValue` reads the same as their text form. */
const JSON_SAFE = new Set([
  'PgUUID',
  'PgText',
  'PgInteger',
  'PgSmallInt',
  'PgDoublePrecision',
  'PgBoolean',
  'PgJsonb',
  'PgTimestamp',
  'PgArray',
]);

/**
 * `row_to_json(table)`: the row of `table` (named as the statement's FROM names it, which is how
 * Drizzle names it) as one JSON value; null for no row (an outer join's missing side).
 */
export function jsonRow(table: PgTable): SQL<unknown> {
  return sql`row_to_json(${sql.identifier(getTableName(table))})`;
}

/**
 * The decoder of `jsonRow(table)`'s value: a row with Drizzle's property names and values (dates
 * as `Date`, arrays and jsonb as values), or null for null.
 */
export function fromJsonRow<T extends PgTable>(table: T): (json: unknown) => T['$inferSelect'] | null {
  const columns = Object.entries(getTableColumns(table)).map(([key, column]) => {
    const kind = (column as Column).columnType;
    if (!JSON_SAFE.has(kind)) {
      throw new Error(`${getTableName(table)}.${column.name}: a ${kind} column is not read from JSON`);
    }
    return { key, name: column.name, column: column as Column };
  });
  return (json) => {
    if (json === null || json === undefined) return null;
    const source = (typeof json === 'string' ? JSON.parse(json) : json) as Record<string, unknown>;
    const row: Record<string, unknown> = {};
    for (const { key, name, column } of columns) {
      const value = source[name];
      row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
    }
    return row as T['$inferSelect'];
  };
}
