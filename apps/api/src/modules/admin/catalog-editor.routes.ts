import {
  AdminBrandInputSchema,
  AdminBrandListQuerySchema,
  AdminBrandPageSchema,
  AdminBrandSchema,
  AdminCatalogOptionsSchema,
  AdminNumericIdParamsSchema,
  AdminProductInputSchema,
  AdminProductListQuerySchema,
  AdminProductPageSchema,
  AdminProductSchema,
  AdminUploadResultSchema,
  AdminUploadSchema,
} from '@store/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { notFound } from '../../http/errors.ts';
import type { AdminService } from './admin.service.ts';
import { adminActorOf as actorOf } from './guard.ts';
import { UPLOAD_BODY_LIMIT } from './uploads.ts';

const tags = ['admin'];
const security = [{ bearer: [] }];

/** The catalog editor (docs/product.md#back-office): products, brands, the form's options and image uploads. */
export function catalogEditorRoutes(scope: FastifyInstance, admin: AdminService): void {
  const r = scope.withTypeProvider<ZodTypeProvider>();
  const numericId = { params: AdminNumericIdParamsSchema };
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
    async (request, reply) => reply.code(201).send(await admin.createProduct(actorOf(request), request.body)),
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
    async (request, reply) => reply.code(201).send(await admin.createBrand(actorOf(request), request.body)),
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
}
