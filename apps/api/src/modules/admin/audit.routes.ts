import { AdminAuditPageSchema, AdminAuditQuerySchema } from '@store/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AdminService } from './admin.service.ts';

const tags = ['admin'];
const security = [{ bearer: [] }];

/** The audit log (docs/product.md#back-office): every back-office change, newest first. */
export function auditRoutes(scope: FastifyInstance, admin: AdminService): void {
  const r = scope.withTypeProvider<ZodTypeProvider>();
  // Audit log
  r.get(
    '/audit',
    {
      schema: {
        tags,
        security,
        summary: 'Every back-office change, newest first',
        querystring: AdminAuditQuerySchema,
        response: { 200: AdminAuditPageSchema },
      },
    },
    async (request) => admin.listAudit(request.query),
  );
}
