import { desc } from 'drizzle-orm';
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
