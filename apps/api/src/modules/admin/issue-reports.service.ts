import type { AdminInboxQuery, AdminIssueReport, Page } from '@store/contracts';
import type { Db } from '../../db/database.ts';
import { notFound } from '../../http/errors.ts';
import { issueReportPage, issueReportRow } from '../../read-models/back-office-moderation.ts';
import { setIssueReportHandled } from '../subscriptions/index.ts';
import { insertAuditRow } from './admin.repository.ts';
import type { Actor } from './admin.service.ts';
import { iso } from './members.service.ts';

type Raw = Record<string, unknown>;

function toIssueReport(row: Raw): AdminIssueReport {
  return {
    id: String(row.id),
    identityId: String(row.identity_id),
    memberEmail: String(row.member_email),
    orderId: row.order_id ? String(row.order_id) : null,
    orderNumber: row.order_number ? String(row.order_number) : null,
    text: String(row.text),
    createdAt: iso(row.created_at)!,
    handledAt: iso(row.handled_at),
  };
}

export type IssueReportsAdminService = ReturnType<typeof createIssueReportsAdminService>;

/** "Report Issue" messages from the membership page (docs/product.md#back-office): list, mark handled. */
export function createIssueReportsAdminService({ db, clock }: { db: Db; clock: () => Date }) {
  return {
    async list(query: AdminInboxQuery): Promise<Page<AdminIssueReport>> {
      const { rows, total } = await issueReportPage(db, query);
      return {
        items: rows.map(toIssueReport),
        total,
        page: query.page,
        pageSize: query.pageSize,
      };
    },

    async setHandled(actor: Actor, id: string, isHandled: boolean): Promise<AdminIssueReport> {
      return db.transaction(async (tx) => {
        const before = await issueReportRow(tx, id, true);
        if (!before) throw notFound('That issue report');
        if ((before.handled_at !== null && before.handled_at !== undefined) === isHandled) {
          return toIssueReport(before);
        }
        const at = clock();
        await setIssueReportHandled(tx, id, isHandled ? at : null);
        const after = await issueReportRow(tx, id);
        await insertAuditRow(tx, {
          actorIdentityId: actor.id,
          actorEmail: actor.email,
          action: isHandled ? 'issue_report.handle' : 'issue_report.reopen',
          entityType: 'issue_report',
          entityId: id,
          before: toIssueReport(before),
          after: toIssueReport(after!),
          createdAt: at,
        });
        return toIssueReport(after!);
      });
    },
  };
}
