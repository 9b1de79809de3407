import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { type AuditRow, auditLog, type NewAuditRow } from './admin.table.ts';

/** Writes one audit row; call it with the transaction that makes the change. */
export async function insertAuditRow(tx: Db, row: NewAuditRow): Promise<void> {
  await tx.insert(auditLog).values(row);
}

export interface AuditFilter {
  entityType?: string | undefined;
  entityId?: string | undefined;
  limit: number;
  offset: number;
}

/** One page of the audit log, newest first, and how many rows match in all. */
export async function listAuditPage(
  db: Db,
  filter: AuditFilter,
): Promise<{ rows: AuditRow[]; total: number }> {
  const where = and(
    filter.entityType ? eq(auditLog.entityType, filter.entityType) : undefined,
    filter.entityId ? eq(auditLog.entityId, filter.entityId) : undefined,
  );
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.id))
      .limit(filter.limit)
      .offset(filter.offset),
    db.select({ total: sql<number>`count(*)::int` }).from(auditLog).where(where),
  ]);
  return { rows, total: count?.total ?? 0 };
}
