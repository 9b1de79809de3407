import {
  ConfirmNewOrderSchema,
  OrderIdQuerySchema,
  OrderSchema,
  OrderSummarySchema,
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
}

const tags = ['orders'];

/** /order calls (spec 000 §7, 001 §7): the caller's own orders only. */
export async function ordersRoutes(app: FastifyInstance, options: OrdersRoutesOptions) {
  const { orders, tokens } = options;
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
