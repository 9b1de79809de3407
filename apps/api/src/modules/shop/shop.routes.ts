import { ShopProductsSchema } from '@store/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type AccessTokens, requireUser, userOf } from '../../http/auth.ts';
import type { ShopService } from './shop.service.ts';

export interface ShopRoutesOptions {
  shop: ShopService;
  tokens: AccessTokens;
}

/** GET product/GetShopProducts (spec 001 §7). */
export async function shopRoutes(app: FastifyInstance, options: ShopRoutesOptions) {
  const { shop, tokens } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
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
    async (request) => shop.shopProducts(userOf(request)),
  );
}
