import {
  AdminBatchResultSchema,
  AdminBoxBatchSchema,
  AdminCartOrderPageSchema,
  AdminCartOrderQuerySchema,
  AdminFulfilmentBoxPageSchema,
  AdminFulfilmentBoxQuerySchema,
  AdminPackingListSchema,
  AdminShipBatchSchema,
  AdminUuidParamsSchema,
} from '@store/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { notFound, unauthorized } from '../../http/errors.ts';
import type { Actor } from './admin.service.ts';
import type { FulfilmentService } from './fulfilment.service.ts';

const tags = ['admin'];
const security = [{ bearer: [] }];

function actorOf(request: FastifyRequest): Actor {
  if (!request.adminActor) throw unauthorized();
  return request.adminActor;
}

/**
 * /api/admin/fulfilment/... (docs/product.md#back-office): the current cycle's boxes by stage, batch
 * assemble/ship/deliver, packing lists, and cart orders to ship. Registered inside the admin
 * guard's scope, so each answers 401/403 before anything else.
 */
export function fulfilmentRoutes(scope: FastifyInstance, fulfilment: FulfilmentService) {
  const r = scope.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/fulfilment/boxes',
    {
      schema: {
        tags,
        security,
        summary: 'Paid cycle boxes at one stage (build, assembly, shipping, delivered), sorted and paged',
        querystring: AdminFulfilmentBoxQuerySchema,
        response: { 200: AdminFulfilmentBoxPageSchema },
      },
    },
    async (request) => fulfilment.listBoxes(request.query),
  );
  r.post(
    '/fulfilment/boxes/assemble',
    {
      schema: {
        tags,
        security,
        summary: 'Marks boxes assembled: closes an open build window, choosing the open samples',
        body: AdminBoxBatchSchema,
        response: { 200: AdminBatchResultSchema },
      },
    },
    async (request) => fulfilment.assemble(actorOf(request), request.body.orderIds),
  );
  r.post(
    '/fulfilment/boxes/ship',
    {
      schema: {
        tags,
        security,
        summary: 'Ships boxes, a tracking number each; the member gets the shipped mail once',
        body: AdminShipBatchSchema,
        response: { 200: AdminBatchResultSchema },
      },
    },
    async (request) => fulfilment.ship(actorOf(request), request.body.shipments),
  );
  r.post(
    '/fulfilment/boxes/deliver',
    {
      schema: {
        tags,
        security,
        summary: 'Marks shipped boxes delivered: the members move to Taste & Review',
        body: AdminBoxBatchSchema,
        response: { 200: AdminBatchResultSchema },
      },
    },
    async (request) => fulfilment.deliver(actorOf(request), request.body.orderIds),
  );
  r.get(
    '/fulfilment/boxes/:id/packing-list',
    {
      schema: {
        tags,
        security,
        summary: 'What goes into a box (or a cart order) and where it goes',
        params: AdminUuidParamsSchema,
        response: { 200: AdminPackingListSchema },
      },
    },
    async (request) => {
      const list = await fulfilment.packingList(request.params.id);
      if (!list) throw notFound('That box');
      return list;
    },
  );
  r.get(
    '/fulfilment/cart-orders',
    {
      schema: {
        tags,
        security,
        summary: 'Paid cart orders (tubs) to ship, or shipped ones, sorted and paged',
        querystring: AdminCartOrderQuerySchema,
        response: { 200: AdminCartOrderPageSchema },
      },
    },
    async (request) => fulfilment.listCartOrders(request.query),
  );
  r.post(
    '/fulfilment/cart-orders/ship',
    {
      schema: {
        tags,
        security,
        summary: 'Ships paid cart orders, a tracking number each, with a mail once',
        body: AdminShipBatchSchema,
        response: { 200: AdminBatchResultSchema },
      },
    },
    async (request) => fulfilment.shipCartOrders(actorOf(request), request.body.shipments),
  );
}
