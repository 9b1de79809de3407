import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AccessTokens } from '../../http/auth.ts';
import { notFound } from '../../http/errors.ts';
import { auditRoutes } from './audit.routes.ts';
import type { BackOffice } from './back-office.ts';
import { catalogEditorRoutes } from './catalog-editor.routes.ts';
import { couponsRoutes } from './coupons.routes.ts';
import { dashboardRoutes } from './dashboard.routes.ts';
import { fulfilmentRoutes } from './fulfilment.routes.ts';
import { guardBackOffice, type OperatorLookup } from './guard.ts';
import { inboxesRoutes } from './inboxes.routes.ts';
import { issueReportsRoutes } from './issue-reports.routes.ts';
import { membersRoutes } from './members.routes.ts';
import { reviewModerationRoutes } from './reviews.routes.ts';
import { tubPlanLaunchRoutes } from './tub-plan-launch.routes.ts';

export interface AdminRoutesOptions {
  tokens: AccessTokens;
  /** Who is an operator: read from the database on every request. */
  accounts: OperatorLookup;
  /** The back office's services, built by the composition root (createBackOffice). */
  backOffice: BackOffice;
}

/**
 * The back office, `/api/admin/...` (docs/product.md#back-office, docs/product.md#permissions),
 * one file per concern inside one guarded scope (`guard.ts`), and GET /api/uploads/{file}, which
 * serves the images it uploads.
 */
export async function adminRoutes(app: FastifyInstance, options: AdminRoutesOptions) {
  const { tokens, accounts, backOffice } = options;
  const { uploads, admin } = backOffice;

  app.withTypeProvider<ZodTypeProvider>().get(
    '/uploads/:file',
    {
      schema: {
        tags: ['admin'],
        summary: 'An image uploaded in the back office',
        params: z.object({ file: z.string().max(100) }),
      },
    },
    async (request, reply) => {
      const found = await uploads.read(request.params.file);
      if (!found) throw notFound('That image');
      // A new upload gets a new name, so a file never changes. nosniff is on every answer.
      return reply
        .header('Cache-Control', 'public, max-age=31536000, immutable')
        .header('Content-Disposition', 'inline')
        .header('Cross-Origin-Resource-Policy', 'same-origin')
        .type(found.mime)
        .send(found.data);
    },
  );

  await app.register(
    async (scope) => {
      guardBackOffice(scope, tokens, accounts);
      membersRoutes(scope, { members: backOffice.members, refunds: backOffice.refunds });
      couponsRoutes(scope, backOffice.coupons);
      reviewModerationRoutes(scope, backOffice.reviews);
      issueReportsRoutes(scope, backOffice.issueReports);
      tubPlanLaunchRoutes(scope, backOffice);
      catalogEditorRoutes(scope, admin);
      inboxesRoutes(scope, admin);
      auditRoutes(scope, admin);
      dashboardRoutes(scope, {
        dashboard: backOffice.dashboard,
        clock: backOffice.clock,
        cancelOffers: backOffice.cancelOffers,
        insights: backOffice.insights,
      });
      fulfilmentRoutes(scope, backOffice.fulfilment);
    },
    { prefix: '/admin' },
  );
}
