import {
  AddToCartQuerySchema,
  ApplyCouponQuerySchema,
  CartIdQuerySchema,
  CartItemDeleteQuerySchema,
  CartSchema,
  IDEMPOTENCY_KEY_HEADER,
  OpenCartSchema,
  RemoveCouponQuerySchema,
  SaveCartItemSchema,
  SaveCartSchema,
} from '@store/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { type AccessTokens, requireUser, userOf } from '../../http/auth.ts';
import { type IdempotencyStore, readIdempotencyKey, requestHash } from '../checkout/index.ts';
import type { CartService } from './cart.service.ts';

export interface CartRoutesOptions {
  cart: CartService;
  tokens: AccessTokens;
  /** The one store of Idempotency-Keys, built by the composition root. */
  idempotency: IdempotencyStore;
  db: Db;
  clock: () => Date;
}

const tags = ['cart'];

/** /cart and /cartItem calls (docs/product.md#calls): the caller's own cart only. */
export async function cartRoutes(app: FastifyInstance, options: CartRoutesOptions) {
  const { cart, tokens } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = requireUser(tokens);
  const { idempotency } = options;

  r.post(
    '/cart/addToCart',
    {
      schema: {
        tags,
        summary:
          "One more tub of an unlocked product in the member's cart (cartId 0 or absent: the open cart or a new one)",
        querystring: AddToCartQuerySchema,
        headers: z.looseObject({
          [IDEMPOTENCY_KEY_HEADER.toLowerCase()]: z
            .string()
            .optional()
            .describe('Optional: a retry with the same key answers the first add instead of adding again'),
        }),
        response: { 200: CartSchema },
      },
      preValidation: signedIn,
    },
    async (request) => {
      const identityId = userOf(request);
      const key = readIdempotencyKey(request.headers[IDEMPOTENCY_KEY_HEADER.toLowerCase()]);
      const route = 'cart/addToCart';
      const answer = await idempotency.run(
        { identityId, key, route, hash: requestHash(route, request.query, null) },
        () => cart.addToCart(identityId, request.query),
      );
      return answer.body;
    },
  );

  r.get(
    '/cart/GetItem',
    {
      schema: {
        tags,
        summary: "The caller's cart",
        querystring: CartIdQuerySchema,
        response: { 200: CartSchema },
      },
      preValidation: signedIn,
    },
    async (request) => cart.getItem(userOf(request), request.query.id),
  );

  r.get(
    '/cart/GetOpenCart',
    {
      schema: { tags, summary: "The caller's open cart, or null", response: { 200: OpenCartSchema } },
      preValidation: signedIn,
    },
    async (request) => cart.openCart(userOf(request)),
  );

  r.post(
    '/cart/save',
    {
      schema: {
        tags,
        summary: 'Item quantities against the version read (409 when stale); money in the body is ignored',
        body: SaveCartSchema,
        response: { 200: CartSchema },
      },
      preValidation: signedIn,
    },
    async (request) => cart.save(userOf(request), request.body),
  );

  r.post(
    '/cartItem/save',
    {
      schema: {
        tags,
        summary: "One item's quantity (1-99) against the version read; totalPrice and the like are ignored",
        body: SaveCartItemSchema,
        response: { 200: CartSchema },
      },
      preValidation: signedIn,
    },
    async (request) => cart.saveItem(userOf(request), request.body),
  );

  r.delete(
    '/cartItem/Delete',
    {
      schema: {
        tags,
        summary: 'Removes an item from the caller’s cart',
        querystring: CartItemDeleteQuerySchema,
        response: { 200: CartSchema },
      },
      preValidation: signedIn,
    },
    async (request) => cart.deleteItem(userOf(request), request.query.id, request.query.version),
  );

  r.post(
    '/cart/ApplyCoupon',
    {
      schema: {
        tags,
        summary: 'Puts a coupon on the cart (code trimmed, upper-cased); 400 says why a code cannot be used',
        querystring: ApplyCouponQuerySchema,
        response: { 200: CartSchema },
      },
      preValidation: signedIn,
    },
    async (request) => cart.applyCoupon(userOf(request), request.query.cartId, request.query.code),
  );

  r.post(
    '/cart/RemoveCoupon',
    {
      schema: {
        tags,
        summary: 'Takes the coupon off the cart',
        querystring: RemoveCouponQuerySchema,
        response: { 200: CartSchema },
      },
      preValidation: signedIn,
    },
    async (request) => cart.removeCoupon(userOf(request), request.query.cartId),
  );
}
