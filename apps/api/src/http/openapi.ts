import type { FastifySchema, RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** Marks a preHandler that needs a bearer token (or reads one when present), for the API description. */
export const BEARER_REQUIRED = Symbol.for('store.openapi.bearer-required');
export const BEARER_OPTIONAL = Symbol.for('store.openapi.bearer-optional');

const errorBody = {
  type: 'object',
  properties: {
    error_description: { type: 'string' },
    code: { type: 'string' },
    fieldErrors: { type: 'object', additionalProperties: { type: 'string' } },
  },
  required: ['error_description', 'code'],
} as const;

const errorAnswer = (description: string) => ({
  description,
  content: { 'application/json': { schema: errorBody } },
});

function handlersOf(route: RouteOptions | undefined): unknown[] {
  if (!route) return [];
  const all: unknown[] = [];
  for (const hook of [route.onRequest, route.preValidation, route.preHandler]) {
    if (Array.isArray(hook)) all.push(...hook);
    else if (hook) all.push(hook);
  }
  return all;
}

const marked = (route: RouteOptions | undefined, mark: symbol) =>
  handlersOf(route).some((h) => typeof h === 'function' && (h as unknown as Record<symbol, unknown>)[mark]);

/**
 * OpenAPI 3.0 wants a `type` beside `nullable`. An untyped schema already admits null, so the flag
 * goes; a union gets an explicit null member instead.
 */
function typedNullables(node: unknown): unknown {
  if (Array.isArray(node)) {
    for (const item of node) typedNullables(item);
  } else if (node && typeof node === 'object') {
    const o = node as Record<string, unknown>;
    if (o.nullable === true && o.type === undefined) {
      delete o.nullable;
      const union = (o.anyOf ?? o.oneOf) as unknown[] | undefined;
      if (Array.isArray(union)) union.push({ type: 'string', nullable: true, enum: [null] });
    }
    for (const value of Object.values(o)) typedNullables(value);
  }
  return node;
}

/** `POST /api/User/Login` → `postUserLogin`; `/api/admin/members/:id` → `getAdminMembersById`. */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .replace(/^\/api\/?/, '')
    .split('/')
    .filter(Boolean)
    .map((part) => (part.startsWith(':') ? `by-${part.slice(1)}` : part))
    .flatMap((part) => part.split(/[^A-Za-z0-9]+/))
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1));
  return `${method.toLowerCase()}${words.join('')}`;
}

/**
 * The zod transform, plus what every operation should say: its operationId, the bearer token it
 * needs (routes guarded by requireUser, and the whole back office) and its error answers.
 */
export function describeRoute(input: Parameters<typeof jsonSchemaTransform>[0]) {
  const out = jsonSchemaTransform(input) as { schema: FastifySchema & Record<string, unknown>; url: string };
  const route = (input as { route?: RouteOptions }).route;
  if (out.schema.hide || !route) return out;
  const schema = typedNullables(structuredClone(out.schema)) as Record<string, unknown>;
  const method = Array.isArray(route.method) ? route.method[0]! : route.method;
  schema.operationId ??= operationIdOf(method, out.url);
  const responses = { ...((schema.response as Record<string, unknown> | undefined) ?? {}) };
  const add = (status: number, description: string) => {
    if (!(status in responses) && !(String(status) in responses))
      responses[status] = errorAnswer(description);
  };
  const admin = /^\/api\/admin(\/|$)/i.test(out.url);
  if (admin || marked(route, BEARER_REQUIRED)) {
    schema.security ??= [{ bearer: [] }];
    add(401, 'No valid access token (code unauthorized)');
    if (admin) add(403, 'The caller is not an operator (code forbidden)');
  } else if (marked(route, BEARER_OPTIONAL)) {
    // With or without a token; one that is sent must be valid (docs/reliability.md#f9).
    schema.security ??= [{ bearer: [] }, {}];
    add(401, 'An access token was sent and is not valid (code unauthorized)');
  } else {
    // Public: said explicitly, so a reader knows the token was not forgotten.
    schema.security ??= [];
  }
  if (schema.body || schema.querystring || schema.params || schema.headers) {
    add(400, 'The request is not valid (codes bad_request, validation_failed), with fieldErrors');
  }
  if (Object.keys(responses).every((s) => !s.startsWith('4'))) add(404, 'Not found (code not_found)');
  schema.response = responses;
  return { ...out, schema };
}
