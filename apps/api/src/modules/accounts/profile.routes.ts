import {
  AuthInfoSchema,
  BillingInfoQuerySchema,
  BillingInfoSchema,
  IdentitySchema,
  SaveIdentitySchema,
  SaveImageSchema,
} from '@store/contracts';
import { z } from 'zod';
import { userOf } from '../../http/auth.ts';
import { Limits } from './limits.ts';
import { SAVE_IMAGE_BODY_LIMIT } from './profile-image.ts';
import type { AccountsRouteKit } from './route-kit.ts';

/** The signed-in identity: AuthInfo, the profile and its picture, the card summary. */
export function profileRoutes(kit: AccountsRouteKit): void {
  const { r, app, tags, accounts, limit, signedIn } = kit;
  r.get(
    '/Account/AuthInfo',
    {
      schema: {
        tags,
        summary: 'The signed-in identity and its subscription',
        response: { 200: AuthInfoSchema },
        security: [{ bearer: [] }],
      },
      preValidation: signedIn,
    },
    async (request) => accounts.authInfo(userOf(request)),
  );

  r.post(
    '/Identity/Save',
    {
      schema: {
        tags,
        summary: "Change the caller's own profile fields",
        body: SaveIdentitySchema,
        response: { 200: IdentitySchema },
        security: [{ bearer: [] }],
      },
      preValidation: signedIn,
    },
    async (request) => accounts.saveIdentity(userOf(request), request.body),
  );

  r.post(
    '/Identity/SaveImage',
    {
      bodyLimit: SAVE_IMAGE_BODY_LIMIT,
      schema: {
        tags,
        summary: 'Upload a profile picture (PNG, JPEG or WebP, at most 2 MB)',
        body: SaveImageSchema,
        response: { 200: IdentitySchema },
        security: [{ bearer: [] }],
      },
      preValidation: signedIn,
      preHandler: async (request) => limit(Limits.saveImage, userOf(request)),
    },
    async (request) => accounts.saveImage(userOf(request), request.body.image),
  );

  app.get<{ Params: { id: string } }>(
    '/Identity/Image/:id',
    {
      schema: {
        tags,
        summary: 'A profile picture (public, cacheable)',
        params: z.object({ id: z.string().max(100) }),
      },
      // A Set-Cookie would keep shared caches from storing the picture.
      onSend: async (_request, reply, payload) => {
        reply.removeHeader('set-cookie');
        return payload;
      },
    },
    async (request, reply) => {
      const image = await accounts.getImage(request.params.id);
      return reply
        .header('content-type', image.mime)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(image.data);
    },
  );

  const billing = {
    schema: {
      tags,
      summary: "The caller's card summary (last 4 digits, expiry, brand)",
      querystring: BillingInfoQuerySchema,
      response: { 200: BillingInfoSchema },
      security: [{ bearer: [] }],
    },
    preValidation: signedIn,
  };
  r.get('/identity/GetBillingInfoByIdentityId', billing, async (request) =>
    accounts.billingInfo(userOf(request), request.query.identityId || undefined),
  );
  // The identity always comes from the token here; any parameter is ignored (docs/reliability.md#b2).
  const { querystring: _anyQuery, ...meBillingSchema } = billing.schema;
  r.get('/me/billing', { ...billing, schema: meBillingSchema }, async (request) =>
    accounts.billingInfo(userOf(request)),
  );
}
