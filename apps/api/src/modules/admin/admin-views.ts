import type { AdminAuditEntry, AdminContactMessage, AdminPartnerRequest } from '@store/contracts';
import type { ContactMessageRow } from '../contact/index.ts';
import type { PartnerRequestRow } from '../partners/index.ts';
import type { AuditRow } from './admin.table.ts';

/** Rows as the back office's answers show them: ISO timestamps, nothing internal. */

export function toAdminContactMessage(row: ContactMessageRow): AdminContactMessage {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    text: row.text,
    createdAt: row.createdAt.toISOString(),
    handledAt: row.handledAt?.toISOString() ?? null,
  };
}

export function toAdminPartnerRequest(row: PartnerRequestRow): AdminPartnerRequest {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    phone: row.phone,
    fitnessType: row.fitnessType,
    instagram: row.instagram,
    tiktok: row.tiktok,
    otherSocials: row.otherSocials,
    createdAt: row.createdAt.toISOString(),
    handledAt: row.handledAt?.toISOString() ?? null,
  };
}

export function toAuditEntry(row: AuditRow): AdminAuditEntry {
  return {
    id: row.id,
    actorId: row.actorIdentityId,
    actorEmail: row.actorEmail,
    action: row.action,
    entityType: row.entityType,
    entityId: row.entityId,
    before: row.before ?? null,
    after: row.after ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}
