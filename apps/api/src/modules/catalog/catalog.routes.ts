import { ProductIdQuerySchema, ProductSchema, TypeListNames, TypeOptionSchema } from '@store/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type AccessTokens, optionalUser } from '../../http/auth.ts';
import { notFound } from '../../http/errors.ts';
import { type CatalogService, type RatedProductRow, toProduct } from './catalog.service.ts';

export interface CatalogRoutesOptions {
  catalog: CatalogService;
  tokens: AccessTokens;
  /**
   * The product page's read: an active product with its rating and whether this member (null: a
   * visitor) has sampled it, the shop's lock (docs/product.md#unlocking), in one statement.
   */
  productPage: (
    id: number,
    identityId: string | null,
  ) => Promise<(RatedProductRow & { unlocked: boolean }) | undefined>;
}

/** Reference lists change only when the catalog does; browsers and CDNs may keep them briefly. */
export const TYPE_LIST_CACHE_CONTROL = 'public, max-age=300';

const tags = ['catalog'];
const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/** GET /Types/{name} and GET product/GetItem (docs/product.md#calls). */
export async function catalogRoutes(app: FastifyInstance, options: CatalogRoutesOptions) {
  const { catalog, tokens } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();

  // The fixed lists, spelled as the contract spells them, are written before routing
  // (http/prepared-answers.ts) with the headers this route sends; other spellings come here.
  for (const [name, json] of catalog.fixedTypeLists())
    app.preparedAnswers.set(`${app.prefix}/Types/${name}`, {
      route: `${app.prefix}/Types/:name`,
      body: json,
      headers: { 'cache-control': TYPE_LIST_CACHE_CONTROL, 'content-type': JSON_CONTENT_TYPE },
    });

  // Not through the type provider: the handler sends JSON text prepared in advance.
  app.get<{ Params: { name: string } }>(
    '/Types/:name',
    {
      schema: {
        tags,
        summary: `A quiz reference list: ${TypeListNames.join(', ')} (any case)`,
        params: z.object({ name: z.string().max(64) }),
        response: { 200: z.array(TypeOptionSchema) },
      },
    },
    async (request, reply) => {
      const json = await catalog.typeListJson(request.params.name);
      if (json === undefined) throw notFound('That list');
      // Already JSON text: Fastify sends a string with a JSON content type as it is.
      return reply.header('Cache-Control', TYPE_LIST_CACHE_CONTROL).type(JSON_CONTENT_TYPE).send(json);
    },
  );

  r.get(
    '/product/GetItem',
    {
      schema: {
        tags,
        summary: 'A product of the catalog',
        querystring: ProductIdQuerySchema,
        response: { 200: ProductSchema },
      },
      preHandler: optionalUser(tokens),
    },
    async (request) => {
      // A visitor's read is the catalog's own (nothing is unlocked for a visitor); a member's
      // adds whether they unlocked it, in the same statement.
      const row = request.identityId
        ? await options.productPage(request.query.id, request.identityId)
        : await catalog.findProduct(request.query.id).then((found) => found && { ...found, unlocked: false });
      if (!row) throw notFound('That product');
      return toProduct(row, { unlocked: row.unlocked, rating: row.rating });
    },
  );
}
