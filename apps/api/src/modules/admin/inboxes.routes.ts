import {
  AdminContactMessagePageSchema,
  AdminContactMessageSchema,
  AdminInboxQuerySchema,
  AdminMarkHandledSchema,
  AdminPartnerRequestPageSchema,
  AdminPartnerRequestSchema,
  AdminUuidParamsSchema,
} from '@store/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AdminService } from './admin.service.ts';
import { adminActorOf as actorOf } from './guard.ts';

const tags = ['admin'];
const security = [{ bearer: [] }];

/** The contact messages and partner requests (docs/product.md#back-office): read and mark handled. */
export function inboxesRoutes(scope: FastifyInstance, admin: AdminService): void {
  const r = scope.withTypeProvider<ZodTypeProvider>();
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
}
