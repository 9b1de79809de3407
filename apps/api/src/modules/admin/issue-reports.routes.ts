import {
  AdminInboxQuerySchema,
  AdminIssueReportPageSchema,
  AdminIssueReportSchema,
  AdminMarkHandledSchema,
  AdminUuidParamsSchema,
} from '@store/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminActorOf } from './guard.ts';
import type { IssueReportsAdminService } from './issue-reports.service.ts';

const tags = ['admin'];
const security = [{ bearer: [] }];

/** Issue reports from the membership page (docs/product.md#back-office), inside the guarded scope. */
export function issueReportsRoutes(scope: FastifyInstance, reports: IssueReportsAdminService) {
  const r = scope.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/issue-reports',
    {
      schema: {
        tags,
        security,
        summary: "Members' issue reports, newest first",
        querystring: AdminInboxQuerySchema,
        response: { 200: AdminIssueReportPageSchema },
      },
    },
    async (request) => reports.list(request.query),
  );
  r.post(
    '/issue-reports/:id/handled',
    {
      schema: {
        tags,
        security,
        summary: 'Marks an issue report handled, or not handled',
        params: AdminUuidParamsSchema,
        body: AdminMarkHandledSchema,
        response: { 200: AdminIssueReportSchema },
      },
    },
    async (request) => reports.setHandled(adminActorOf(request), request.params.id, request.body.isHandled),
  );
}
