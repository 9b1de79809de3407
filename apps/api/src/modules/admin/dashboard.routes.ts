import {
  type AdminCancelOffers,
  AdminCancelOffersQuerySchema,
  AdminCancelOffersSchema,
  type AdminDashboardQuery,
  AdminDashboardQuerySchema,
  AdminDashboardSchema,
  AdminInsightsSchema,
  type AdminJob,
  AdminJobsSchema,
} from '@store/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { DashboardService } from '../../read-models/back-office-dashboard.ts';
import type { InsightsService } from '../../read-models/insights.ts';

/** GET /api/admin/dashboard (docs/product.md#back-office) and GET /api/admin/jobs; registered inside the admin guard's scope. */
export function dashboardRoutes(
  scope: FastifyInstance,
  {
    dashboard,
    clock,
    cancelOffers,
    insights,
  }: {
    dashboard: DashboardService;
    clock: () => Date;
    cancelOffers: (query: AdminDashboardQuery) => Promise<AdminCancelOffers>;
    insights: InsightsService;
  },
) {
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

  // Cancel offers shown, taken and cancellations per reason (docs/product.md#cancel-offers).
  scope.withTypeProvider<ZodTypeProvider>().get(
    '/cancel-offers',
    {
      schema: {
        tags: ['admin'],
        security: [{ bearer: [] }],
        summary: 'Per cancel reason over a period: offers shown (offered), taken (saved) and cancellations',
        querystring: AdminCancelOffersQuerySchema,
        response: { 200: AdminCancelOffersSchema },
      },
    },
    async (request) => cancelOffers(request.query),
  );

  // The business in figures (docs/product.md#insights): the dashboard's period.
  scope.withTypeProvider<ZodTypeProvider>().get(
    '/insights',
    {
      schema: {
        tags: ['admin'],
        security: [{ bearer: [] }],
        summary:
          'MRR, members, churn, revenue by kind, cohorts, cancel reasons, the quiz funnel and sample demand',
        querystring: AdminDashboardQuerySchema,
        response: { 200: AdminInsightsSchema },
      },
    },
    async (request) => insights.read(request.query),
  );

  scope.withTypeProvider<ZodTypeProvider>().get(
    '/jobs',
    {
      schema: {
        operationId: 'adminListJobs',
        tags: ['admin'],
        security: [{ bearer: [] }],
        summary: 'Each scheduled job: when it last ran, whether it failed (and why), and when it runs next',
        response: { 200: AdminJobsSchema },
      },
    },
    async (request) => {
      const scheduler = request.server.scheduler;
      const now = clock();
      const history = new Map((await scheduler.history()).map((run) => [run.name, run]));
      const jobs = scheduler.jobs.map((job): AdminJob => {
        const run = history.get(job.name);
        const finished = run?.lastFinishedAt ?? null;
        const running = Boolean(run && (!finished || finished < run.lastStartedAt));
        return {
          name: job.name,
          everySeconds: Math.round(job.everyMs / 1000),
          lastStartedAt: run?.lastStartedAt.toISOString() ?? null,
          lastFinishedAt: finished?.toISOString() ?? null,
          running,
          failed: Boolean(run?.lastError) && !running,
          lastError: run?.lastError ?? null,
          runs: run?.runs ?? 0,
          failures: run?.failures ?? 0,
          nextRunAt: run ? new Date(run.lastStartedAt.getTime() + job.everyMs).toISOString() : null,
        };
      });
      return { jobs, now: now.toISOString() };
    },
  );
}
