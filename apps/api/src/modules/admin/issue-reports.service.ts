import type { AdminInboxQuery, AdminIssueReport, Page } from '@store/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { notFound } from '../../http/errors.ts';
import { insertAuditRow } from './admin.repository.ts';
import type { Actor } from './admin.service.ts';
import { iso } from './members.service.ts';

type Raw = Record<string, unknown>;

const SELECT = sql`
  SELECT ir.id, ir.identity_id, i.email AS member_email, ir.order_id, o.order_number, ir.text,
    ir.created_at, ir.handled_at
  FROM issue_reports ir
  JOIN identities i ON i.id = ir.identity_id
  LEFT JOIN orders o ON o.id = ir.order_id`;

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
      const where =
        query.status === 'handled'
          ? sql`WHERE ir.handled_at IS NOT NULL`
          : query.status === 'unhandled'
            ? sql`WHERE ir.handled_at IS NULL`
            : sql``;
      const [rows, count] = await Promise.all([
        db.execute<Raw>(sql`${SELECT} ${where} ORDER BY ir.created_at DESC, ir.id
          LIMIT ${query.pageSize} OFFSET ${(query.page - 1) * query.pageSize}`),
        db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM issue_reports ir ${where}`),
      ]);
      return {
        items: rows.rows.map(toIssueReport),
        total: Number(count.rows[0]?.n ?? 0),
        page: query.page,
        pageSize: query.pageSize,
      };
    },

    async setHandled(actor: Actor, id: string, isHandled: boolean): Promise<AdminIssueReport> {
      return db.transaction(async (tx) => {
        const [before] = (await tx.execute<Raw>(sql`${SELECT} WHERE ir.id = ${id} FOR UPDATE OF ir`)).rows;
        if (!before) throw notFound('That issue report');
        if ((before.handled_at !== null && before.handled_at !== undefined) === isHandled) {
          return toIssueReport(before);
        }
        const at = clock();
        await tx.execute(sql`UPDATE issue_reports SET handled_at = ${isHandled ? at.toISOString() : null}
          WHERE id = ${id}`);
        const [after] = (await tx.execute<Raw>(sql`${SELECT} WHERE ir.id = ${id}`)).rows;
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
