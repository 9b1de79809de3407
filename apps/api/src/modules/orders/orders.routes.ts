import {
  ConfirmNewOrderSchema,
  OrderIdQuerySchema,
  OrderSchema,
  OrderSummarySchema,
  type Product,
  ProductSchema,
  SaveOrderSchema,
} from '@store/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type AccessTokens, requireUser, userOf } from '../../http/auth.ts';
import type { OrdersService } from './orders.service.ts';

export interface OrdersRoutesOptions {
  orders: OrdersService;
  tokens: AccessTokens;
  /** The samples a member may choose (the quiz's matching). */
  quizResults: { sampleRules(identityId: string, orderId: string): Promise<{ products: Product[] }> };
}

const tags = ['orders'];

/** /order calls (docs/product.md#calls): the caller's own orders only. */
export async function ordersRoutes(app: FastifyInstance, options: OrdersRoutesOptions) {
  const { orders, tokens, quizResults } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = requireUser(tokens);

  r.get(
    '/order/GetItem',
    {
      schema: {
        tags,
        summary: "The caller's order",
        querystring: OrderIdQuerySchema,
        response: { 200: OrderSchema },
      },
      preValidation: signedIn,
    },
    async (request) => orders.getItem(userOf(request), request.query.id),
  );

  r.get(
    '/order/GetMyOrders',
    {
      schema: {
        tags,
        summary: "The caller's orders, newest first",
        response: { 200: z.array(OrderSummarySchema) },
      },
      preValidation: signedIn,
    },
    async (request) => orders.myOrders(userOf(request)),
  );

  r.get(
    '/order/GetSampleChoices',
    {
      schema: {
        tags,
        summary:
          'The samples the member may choose for this box: their matches that pass every hard filter, not had in another box, not its prime picks',
        querystring: OrderIdQuerySchema,
        response: { 200: z.array(ProductSchema) },
      },
      preValidation: signedIn,
    },
    async (request) => {
      const identityId = userOf(request);
      const order = await orders.requireOwn(identityId, request.query.id);
      const primePicks = new Set(
        (await orders.listItems(order.id)).filter((i) => i.isPrimePick).map((i) => i.productId),
      );
      const { products } = await quizResults.sampleRules(identityId, order.id);
      return products.filter((p) => !primePicks.has(p.id));
    },
  );

  r.post(
    '/order/Save',
    {
      schema: {
        tags,
        summary: "The member's chosen samples; prices and totals in the body are ignored",
        body: SaveOrderSchema,
        response: { 200: OrderSchema },
      },
      preValidation: signedIn,
    },
    async (request) => orders.saveOrder(userOf(request), request.body),
  );

  r.post(
    '/order/ConfirmNewOrder',
    {
      schema: {
        tags,
        summary: 'A pre-order of the Flex or Max plan, priced on the server; the open one is reused',
        body: ConfirmNewOrderSchema,
        response: { 200: OrderSchema },
      },
      preValidation: signedIn,
    },
    async (request) => orders.createPreOrder(userOf(request), request.body.plan),
  );
}
