import { ShopProductsSchema } from '@store/contracts';
import type { FastifyInstance } from 'fastify';
import { type AccessTokens, requireUser, userOf } from '../../http/auth.ts';
import type { ShopService } from './shop.service.ts';

export interface ShopRoutesOptions {
  shop: ShopService;
  tokens: AccessTokens;
}

/** GET product/GetShopProducts (docs/product.md#calls). */
export async function shopRoutes(app: FastifyInstance, options: ShopRoutesOptions) {
  const { shop, tokens } = options;

  // Not through the type provider: the answer is assembled from product JSON prepared in
  // advance (it is benchmarked); the schema documents it and the tests parse it.
  app.get(
    '/product/GetShopProducts',
    {
      schema: {
        tags: ['shop'],
        summary:
          "The members' shop: products unlocked by the member's paid boxes, then the locked ones that suit them",
        response: { 200: ShopProductsSchema },
      },
      preValidation: requireUser(tokens),
    },
    async (request, reply) =>
      reply.type('application/json; charset=utf-8').send(await shop.shopProductsJson(userOf(request))),
  );
}
