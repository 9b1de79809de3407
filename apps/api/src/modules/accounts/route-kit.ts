import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyRequest,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type AccessTokens, requireUser, userOf } from '../../http/auth.ts';
import { forbidden } from '../../http/errors.ts';
import { enforceLimit, type LimitRule, type RateLimiter } from '../../http/rate-limit.ts';
import type { AccountsService } from './accounts.service.ts';

export interface AccountsRoutesOptions {
  accounts: AccountsService;
  tokens: AccessTokens;
  limiter: RateLimiter;
  config: { google: { clientId?: string } };
}

/**
 * What every accounts route file is given: the typed router, the service, and the guards and
 * limits they share. Built once by `accountsRoutes`, so each concern's file registers its calls
 * the same way.
 */
export interface AccountsRouteKit extends AccountsRoutesOptions {
  app: FastifyInstance;
  /** The app with the zod type provider: schemas type each handler's request. */
  r: FastifyInstance<
    RawServerDefault,
    RawRequestDefaultExpression,
    RawReplyDefaultExpression,
    FastifyBaseLogger,
    ZodTypeProvider
  >;
  tags: string[];
  /** Authentication runs before validation, so an anonymous call is 401 whatever it sends. */
  signedIn: ReturnType<typeof requireUser>;
  limit: (rule: LimitRule, key: string) => Promise<void>;
  limitIp: (rule: LimitRule) => (request: FastifyRequest) => Promise<void>;
  requireAdmin: (request: FastifyRequest) => Promise<void>;
}

export function accountsRouteKit(app: FastifyInstance, options: AccountsRoutesOptions): AccountsRouteKit {
  const { accounts, tokens, limiter } = options;
  const limit = (rule: LimitRule, key: string) => enforceLimit(limiter, rule, key);
  return {
    ...options,
    app,
    r: app.withTypeProvider<ZodTypeProvider>(),
    tags: ['accounts'],
    signedIn: requireUser(tokens),
    limit,
    limitIp: (rule) => async (request) => limit(rule, request.ip),
    requireAdmin: async (request) => {
      if (!(await accounts.hasPermission(userOf(request), 'admin'))) throw forbidden();
    },
  };
}
