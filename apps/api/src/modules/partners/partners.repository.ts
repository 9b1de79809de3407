import { desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { type PartnerRequestRow, partnerRequests } from './partners.table.ts';

export type NewPartnerRequest = Omit<PartnerRequestRow, 'handledAt'>;

export async function insertPartnerRequest(db: Db, request: NewPartnerRequest): Promise<void> {
  await db.insert(partnerRequests).values(request);
}

/** Newest first, for the operator. */
export async function listPartnerRequests(db: Db, limit: number): Promise<PartnerRequestRow[]> {
  return db.select().from(partnerRequests).orderBy(desc(partnerRequests.createdAt)).limit(limit);
}

/** Which rows of the inbox: still to do, done, or both. */
export type InboxStatus = 'unhandled' | 'handled' | 'all';

function statusCondition(status: InboxStatus) {
  if (status === 'all') return undefined;
  return status === 'handled' ? isNotNull(partnerRequests.handledAt) : isNull(partnerRequests.handledAt);
}

/** One page of the inbox, newest first, and how many rows match in all. */
export async function listPartnerRequestsPage(
  db: Db,
  filter: { status: InboxStatus; limit: number; offset: number },
): Promise<{ rows: PartnerRequestRow[]; total: number }> {
  const where = statusCondition(filter.status);
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(partnerRequests)
      .where(where)
      .orderBy(desc(partnerRequests.createdAt), desc(partnerRequests.id))
      .limit(filter.limit)
      .offset(filter.offset),
    db.select({ total: sql<number>`count(*)::int` }).from(partnerRequests).where(where),
  ]);
  return { rows, total: count?.total ?? 0 };
}

/** One partner request, locked until the transaction ends so its "before" is what a change replaced. */
export async function findPartnerRequestForUpdate(
  db: Db,
  id: string,
): Promise<PartnerRequestRow | undefined> {
  const [row] = await db
    .select()
    .from(partnerRequests)
    .where(eq(partnerRequests.id, id))
    .limit(1)
    .for('update');
  return row;
}

/** Marks it handled at `at`, or not handled with null; answers the row as it is now. */
export async function setPartnerRequestHandledAt(
  db: Db,
  id: string,
  at: Date | null,
): Promise<PartnerRequestRow | undefined> {
  const [row] = await db
    .update(partnerRequests)
    .set({ handledAt: at })
    .where(eq(partnerRequests.id, id))
    .returning();
  return row;
}
