import { AdminDashboardQuerySchema, AdminDashboardSchema } from '@store/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/database.ts';
import { createDashboardService } from './dashboard.service.ts';

/** GET /api/admin/dashboard (issue 8 part 1); registered inside the admin guard's scope. */
export function dashboardRoutes(scope: FastifyInstance, deps: { db: Db; clock: () => Date }) {
  const dashboard = createDashboardService(deps);
  scope.withTypeProvider<ZodTypeProvider>().get(
    '/dashboard',
    {
      schema: {
        tags: ['admin'],
        security: [{ bearer: [] }],
        summary: 'Members, cancellations, renewals due, failed payments and revenue by week for a period',
        querystring: AdminDashboardQuerySchema,
        response: { 200: AdminDashboardSchema },
      },
    },
    async (request) => dashboard.read(request.query),
  );
}
