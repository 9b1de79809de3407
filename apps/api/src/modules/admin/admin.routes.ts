import {
  ADMIN_PERMISSION,
  AdminAuditPageSchema,
  AdminAuditQuerySchema,
  AdminBrandInputSchema,
  AdminBrandListQuerySchema,
  AdminBrandPageSchema,
  AdminBrandSchema,
  AdminCatalogOptionsSchema,
  AdminContactMessagePageSchema,
  AdminContactMessageSchema,
  AdminInboxQuerySchema,
  AdminMarkHandledSchema,
  AdminNumericIdParamsSchema,
  AdminPartnerRequestPageSchema,
  AdminPartnerRequestSchema,
  AdminProductInputSchema,
  AdminProductListQuerySchema,
  AdminProductPageSchema,
  AdminProductSchema,
  AdminUploadResultSchema,
  AdminUploadSchema,
  AdminUuidParamsSchema,
  TubPlanLaunchResultSchema,
} from '@store/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type AccessTokens, requireUser } from '../../http/auth.ts';
import { forbidden, notFound, unauthorized } from '../../http/errors.ts';
import type { Actor } from './admin.service.ts';
import type { BackOffice } from './back-office.ts';
import { couponsRoutes } from './coupons.routes.ts';
import { dashboardRoutes } from './dashboard.routes.ts';
import { fulfilmentRoutes } from './fulfilment.routes.ts';
import { issueReportsRoutes } from './issue-reports.routes.ts';
import { membersRoutes } from './members.routes.ts';
import { reviewModerationRoutes } from './reviews.routes.ts';
import { UPLOAD_BODY_LIMIT } from './uploads.ts';

export interface AdminRoutesOptions {
  tokens: AccessTokens;
  /** Who is an operator: read from the database on every request. */
  accounts: {
    getIdentity(
      identityId: string,
    ): Promise<{ id: string; emailAddress: string; permissions: readonly string[] } | undefined>;
  };
  /** The back office's services, built by the composition root (createBackOffice). */
  backOffice: BackOffice;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the back office's guard: the operator making the request. */
    adminActor: Actor | undefined;
  }
}

const tags = ['admin'];
const security = [{ bearer: [] }];

function actorOf(request: FastifyRequest): Actor {
  if (!request.adminActor) throw unauthorized();
  return request.adminActor;
}

/**
 * The back office, `/api/admin/...` (docs/product.md#back-office, docs/product.md#permissions), and GET /api/uploads/{file}, which
 * serves the images it uploads. Every admin route sits behind one `onRequest` guard, run before
 * the body is read or validated: 401 without a valid token, 403 unless the identity holds
 * `admin` now (read from the database on each request, never from the token).
 */
export async function adminRoutes(app: FastifyInstance, options: AdminRoutesOptions) {
  const { tokens, accounts, backOffice } = options;
  const { uploads, admin } = backOffice;

  app.withTypeProvider<ZodTypeProvider>().get(
    '/uploads/:file',
    {
      schema: {
        tags,
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

  const readToken = requireUser(tokens);
  await app.register(
    async (scope) => {
      scope.decorateRequest('adminActor', undefined);
      scope.addHook('onRequest', async (request) => {
        await readToken(request);
        const identity = await accounts.getIdentity(request.identityId!);
        if (!identity) throw unauthorized();
        if (!identity.permissions.includes(ADMIN_PERMISSION)) {
          throw forbidden('You do not have access to the back office.');
        }
        request.adminActor = { id: identity.id, email: identity.emailAddress };
      });
      const r = scope.withTypeProvider<ZodTypeProvider>();
      const numericId = { params: AdminNumericIdParamsSchema };

      // Members, refunds, coupons, reviews and issue reports (docs/product.md#back-office).
      membersRoutes(scope, { members: backOffice.members, refunds: backOffice.refunds });
      couponsRoutes(scope, backOffice.coupons);
      reviewModerationRoutes(scope, backOffice.reviews);
      issueReportsRoutes(scope, backOffice.issueReports);

      // The Flex and Max tub plans' launch (docs/product.md#tub-plans).
      r.post(
        '/tub-plans/launch',
        {
          schema: {
            tags,
            security,
            summary:
              'Launches the tub plans once (idempotent, audited): the learn-more page starts plans, pre-order holders are mailed',
            response: { 200: TubPlanLaunchResultSchema },
          },
        },
        async (request) => backOffice.launchTubPlans(actorOf(request)),
      );

      // Catalog: products
      r.get(
        '/products',
        {
          schema: {
            tags,
            security,
            summary: 'Products, archived ones included: searched, sorted and paged on the server',
            querystring: AdminProductListQuerySchema,
            response: { 200: AdminProductPageSchema },
          },
        },
        async (request) => admin.listProducts(request.query),
      );
      r.post(
        '/products',
        {
          schema: {
            tags,
            security,
            summary: 'Creates a product',
            body: AdminProductInputSchema,
            response: { 201: AdminProductSchema },
          },
        },
        async (request, reply) =>
          reply.code(201).send(await admin.createProduct(actorOf(request), request.body)),
      );
      r.get(
        '/products/:id',
        {
          schema: {
            tags,
            security,
            summary: 'One product',
            ...numericId,
            response: { 200: AdminProductSchema },
          },
        },
        async (request) => {
          const product = await admin.getProduct(request.params.id);
          if (!product) throw notFound('That product');
          return product;
        },
      );
      r.put(
        '/products/:id',
        {
          schema: {
            tags,
            security,
            summary: 'Saves a product; prices and discounts apply at once',
            ...numericId,
            body: AdminProductInputSchema,
            response: { 200: AdminProductSchema },
          },
        },
        async (request) => admin.updateProduct(actorOf(request), request.params.id, request.body),
      );
      for (const [action, isActive] of [
        ['archive', false],
        ['unarchive', true],
      ] as const) {
        r.post(
          `/products/:id/${action}`,
          {
            schema: {
              tags,
              security,
              summary: isActive
                ? 'Brings an archived product back'
                : 'Archives a product: out of the shop, matching and new boxes',
              ...numericId,
              response: { 200: AdminProductSchema },
            },
          },
          async (request) => admin.setProductActive(actorOf(request), request.params.id, isActive),
        );
      }

      // Catalog: brands
      r.get(
        '/brands',
        {
          schema: {
            tags,
            security,
            summary: 'Brands with their active product counts, paged',
            querystring: AdminBrandListQuerySchema,
            response: { 200: AdminBrandPageSchema },
          },
        },
        async (request) => admin.listBrands(request.query),
      );
      r.post(
        '/brands',
        {
          schema: {
            tags,
            security,
            summary: 'Creates a brand',
            body: AdminBrandInputSchema,
            response: { 201: AdminBrandSchema },
          },
        },
        async (request, reply) =>
          reply.code(201).send(await admin.createBrand(actorOf(request), request.body)),
      );
      r.get(
        '/brands/:id',
        {
          schema: { tags, security, summary: 'One brand', ...numericId, response: { 200: AdminBrandSchema } },
        },
        async (request) => {
          const brand = await admin.getBrand(request.params.id);
          if (!brand) throw notFound('That brand');
          return brand;
        },
      );
      r.put(
        '/brands/:id',
        {
          schema: {
            tags,
            security,
            summary: 'Renames a brand or changes its logo',
            ...numericId,
            body: AdminBrandInputSchema,
            response: { 200: AdminBrandSchema },
          },
        },
        async (request) => admin.updateBrand(actorOf(request), request.params.id, request.body),
      );
      for (const [action, isActive] of [
        ['archive', false],
        ['unarchive', true],
      ] as const) {
        r.post(
          `/brands/:id/${action}`,
          {
            schema: {
              tags,
              security,
              summary: isActive
                ? 'Brings an archived brand back'
                : 'Archives a brand with no active products: out of the quiz',
              ...numericId,
              response: { 200: AdminBrandSchema },
            },
          },
          async (request) => admin.setBrandActive(actorOf(request), request.params.id, isActive),
        );
      }
      r.get(
        '/catalog/options',
        {
          schema: {
            tags,
            security,
            summary: 'The product form: flavor families, textures and brands',
            response: { 200: AdminCatalogOptionsSchema },
          },
        },
        async () => admin.catalogOptions(),
      );
      r.post(
        '/uploads',
        {
          // Its own limit: a 2 MB image as base64; every other route keeps 100 KB.
          bodyLimit: UPLOAD_BODY_LIMIT,
          schema: {
            tags,
            security,
            summary: 'Uploads a PNG, JPEG or WebP image (2 MB at most; SVG refused)',
            body: AdminUploadSchema,
            response: { 201: AdminUploadResultSchema },
          },
        },
        async (request, reply) =>
          reply.code(201).send(await admin.upload(actorOf(request), request.body.kind, request.body.image)),
      );

      // Inboxes
      r.get(
        '/contact-messages',
        {
          schema: {
            tags,
            security,
            summary: 'Contact messages, newest first',
            querystring: AdminInboxQuerySchema,
            response: { 200: AdminContactMessagePageSchema },
          },
        },
        async (request) => admin.listContactMessages(request.query),
      );
      r.post(
        '/contact-messages/:id/handled',
        {
          schema: {
            tags,
            security,
            summary: 'Marks a contact message handled, or not handled',
            params: AdminUuidParamsSchema,
            body: AdminMarkHandledSchema,
            response: { 200: AdminContactMessageSchema },
          },
        },
        async (request) =>
          admin.setContactMessageHandled(actorOf(request), request.params.id, request.body.isHandled),
      );
      r.get(
        '/partner-requests',
        {
          schema: {
            tags,
            security,
            summary: 'Ambassador applications, newest first',
            querystring: AdminInboxQuerySchema,
            response: { 200: AdminPartnerRequestPageSchema },
          },
        },
        async (request) => admin.listPartnerRequests(request.query),
      );
      r.post(
        '/partner-requests/:id/handled',
        {
          schema: {
            tags,
            security,
            summary: 'Marks an ambassador application handled, or not handled',
            params: AdminUuidParamsSchema,
            body: AdminMarkHandledSchema,
            response: { 200: AdminPartnerRequestSchema },
          },
        },
        async (request) =>
          admin.setPartnerRequestHandled(actorOf(request), request.params.id, request.body.isHandled),
      );

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
