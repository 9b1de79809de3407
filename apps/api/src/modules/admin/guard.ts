import { ADMIN_PERMISSION } from '@store/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type AccessTokens, requireUser } from '../../http/auth.ts';
import { forbidden, unauthorized } from '../../http/errors.ts';
import type { Actor } from './admin.service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the back office's guard: the operator making the request. */
    adminActor: Actor | undefined;
  }
}

/** Who is an operator: read from the database on every request. */
export interface OperatorLookup {
  getIdentity(
    identityId: string,
  ): Promise<{ id: string; emailAddress: string; permissions: readonly string[] } | undefined>;
}

/**
 * The back office's one guard, an `onRequest` hook of its scope, run before the body is read or
 * validated: 401 without a valid token, 403 unless the identity holds `admin` now (read from the
 * database on each request, never from the token).
 */
export function guardBackOffice(
  scope: FastifyInstance,
  tokens: AccessTokens,
  accounts: OperatorLookup,
): void {
  const readToken = requireUser(tokens);
  scope.decorateRequest('adminActor', undefined);
  scope.addHook('onRequest', async (request) => {
    await readToken(request);
    const identity = await accounts.getIdentity(request.identityId!);
    if (!identity) throw unauthorized();
    if (!identity.permissions.includes(ADMIN_PERMISSION)) {
      throw forbidden('You do not have access to the back office.');
    }
    request.adminActor = { id: identity.id, email: identity.emailAddress };
  });
}

/** The operator making a request inside the guarded scope. */
export function adminActorOf(request: FastifyRequest): Actor {
  if (!request.adminActor) throw unauthorized();
  return request.adminActor;
}
