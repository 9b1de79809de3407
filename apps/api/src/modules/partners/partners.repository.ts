import { desc } from 'drizzle-orm';
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
