import { desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { type ContactMessageRow, contactMessages } from './contact.table.ts';

export type NewContactMessage = Pick<ContactMessageRow, 'id' | 'name' | 'email' | 'text' | 'createdAt'>;

export async function insertContactMessage(db: Db, message: NewContactMessage): Promise<void> {
  await db.insert(contactMessages).values(message);
}

/** Newest first, for the operator. */
export async function listContactMessages(db: Db, limit: number): Promise<ContactMessageRow[]> {
  return db.select().from(contactMessages).orderBy(desc(contactMessages.createdAt)).limit(limit);
}

/** Which rows of the inbox: still to do, done, or both. */
export type InboxStatus = 'unhandled' | 'handled' | 'all';

function statusCondition(status: InboxStatus) {
  if (status === 'all') return undefined;
  return status === 'handled' ? isNotNull(contactMessages.handledAt) : isNull(contactMessages.handledAt);
}

/** One page of the inbox, newest first, and how many rows match in all. */
export async function listContactMessagesPage(
  db: Db,
  filter: { status: InboxStatus; limit: number; offset: number },
): Promise<{ rows: ContactMessageRow[]; total: number }> {
  const where = statusCondition(filter.status);
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(contactMessages)
      .where(where)
      .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
      .limit(filter.limit)
      .offset(filter.offset),
    db.select({ total: sql<number>`count(*)::int` }).from(contactMessages).where(where),
  ]);
  return { rows, total: count?.total ?? 0 };
}

/** One contact message, locked until the transaction ends so its "before" is what a change replaced. */
export async function findContactMessageForUpdate(
  db: Db,
  id: string,
): Promise<ContactMessageRow | undefined> {
  const [row] = await db
    .select()
    .from(contactMessages)
    .where(eq(contactMessages.id, id))
    .limit(1)
    .for('update');
  return row;
}

/** Marks it handled at `at`, or not handled with null; answers the row as it is now. */
export async function setContactMessageHandledAt(
  db: Db,
  id: string,
  at: Date | null,
): Promise<ContactMessageRow | undefined> {
  const [row] = await db
    .update(contactMessages)
    .set({ handledAt: at })
    .where(eq(contactMessages.id, id))
    .returning();
  return row;
}
