/**
 * docs/reliability.md#f1: schema fuzz on every /api route.
 *
 * The routes come from the OpenAPI document the app builds from its own route table (as in the
 * B6 admin access test), so a new route is fuzzed without touching this file. For each route the
 * request body, query and path parameters are generated with fast-check from the field names the
 * route's schema declares, filled with arbitrary JSON values and mutations: wrong types, missing
 * and extra fields, 1 MB and 10 KB strings, NUL and RTL characters, `__proto__` and
 * `constructor.prototype` keys, duplicate query parameters. Every request goes through
 * `app.inject` as an anonymous caller and as a signed-in member; /api/admin routes also as the
 * operator.
 *
 * Passes when no answer is a 5xx, every 4xx answer has the standard error shape with no stack
 * trace or SQL in it, and `Object.prototype` is never polluted.
 *
 * Runs per route and caller: FUZZ_RUNS (default 20, so the file stays under a minute on PGlite).
 * Deep run:  FUZZ_RUNS=1000 npx vitest run apps/api/src/http/fuzz.routes.test.ts
 * A failure prints its seed: repeat it with FUZZ_SEED=<seed>. FUZZ_STATS=1 prints the answers by status.
 */
import { ErrorCodes } from '@store/contracts';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpVerified } from '../modules/accounts/accounts.test-support.ts';
import { type AdminTestServer, startAdminTestServer } from '../modules/admin/admin.test-support.ts';

const RUNS = Number(process.env.FUZZ_RUNS ?? 20);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;

let t: AdminTestServer;
let memberToken: string;

beforeAll(async () => {
  t = await startAdminTestServer();
  memberToken = t.customer.token;
});
afterAll(async () => {
  await t?.close();
});

interface RouteShape {
  method: string;
  template: string;
  pathParams: string[];
  queryParams: string[];
  bodyFields: string[];
  hasBody: boolean;
  /** The JSON schemas the route declares, used to build inputs that pass validation and reach the database. */
  bodySchema?: JsonSchemaLike;
  paramSchemas: Record<string, JsonSchemaLike | undefined>;
}

interface JsonSchemaLike {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  items?: JsonSchemaLike;
  required?: string[];
  properties?: Record<string, JsonSchemaLike>;
  anyOf?: JsonSchemaLike[];
  oneOf?: JsonSchemaLike[];
  allOf?: JsonSchemaLike[];
}

function fieldNames(schema: JsonSchemaLike | undefined): string[] {
  if (!schema) return [];
  const names = new Set(Object.keys(schema.properties ?? {}));
  for (const part of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])]) {
    for (const name of fieldNames(part)) names.add(name);
  }
  return [...names];
}

/** Every /api route the app registered, read from its OpenAPI document, with the fields it declares. */
function apiRoutes(): RouteShape[] {
  const doc = t.server.app.swagger() as unknown as {
    paths: Record<string, Record<string, Record<string, unknown>>>;
  };
  const routes: RouteShape[] = [];
  for (const [template, operations] of Object.entries(doc.paths)) {
    if (!template.toLowerCase().startsWith('/api/')) continue;
    for (const [method, op] of Object.entries(operations)) {
      const parameters = (op.parameters ?? []) as { in: string; name: string; schema?: JsonSchemaLike }[];
      const content = (op.requestBody as { content?: Record<string, { schema?: JsonSchemaLike }> })?.content;
      const bodySchema = content?.['application/json']?.schema;
      routes.push({
        method: method.toUpperCase(),
        template,
        pathParams: [...template.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!),
        queryParams: parameters.filter((p) => p.in === 'query').map((p) => p.name),
        bodyFields: fieldNames(bodySchema),
        hasBody: !['GET', 'HEAD', 'OPTIONS'].includes(method.toUpperCase()),
        bodySchema,
        paramSchemas: Object.fromEntries(
          parameters.filter((p) => p.in !== 'header').map((p) => [p.name, p.schema]),
        ),
      });
    }
  }
  return routes;
}

// ---------------------------------------------------------------------------------------------
// Arbitraries

const ONE_MB = 'x'.repeat(1024 * 1024);
const TEN_KB = 'é'.repeat(10 * 1024);

/** Strings that have broken servers before: NUL, RTL override, lone surrogates, SQL, huge. */
const nastyString = fc.oneof(
  { weight: 4, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }) },
  {
    weight: 2,
    arbitrary: fc.constantFrom('a\u0000b', '\u0000', '\u202Eevil\u202C', '\u200F\u05D0', '\uD800'),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom("' OR 1=1 --", '"; DROP TABLE users; --', '%00', '../../etc/passwd'),
  },
  { weight: 1, arbitrary: fc.constantFrom('<script>alert(1)</script>', 'javascript:alert(1)') },
  { weight: 1, arbitrary: fc.constantFrom(TEN_KB, ONE_MB) },
  { weight: 2, arbitrary: fc.uuid() },
  { weight: 1, arbitrary: fc.emailAddress() },
);

const nastyNumber = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(0, -1, 1.5, 1e9, 2 ** 31, 2 ** 53 + 1, -0, 1e308),
);

/** Any JSON value, with the nasty strings and numbers mixed in. */
const jsonValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    nastyString,
    nastyNumber,
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.string({ maxLength: 8 }), tie('value'), { maxKeys: 4 }),
  ),
})).value;

/**
 * A value the JSON schema accepts, sized to reach the database: strings up to their full
 * `maxLength` (with NUL and RTL characters inside), integers up to the declared maximum.
 */
function fromSchema(schema: JsonSchemaLike | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 4) return jsonValue;
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants?.length) return fc.oneof(...variants.map((v) => fromSchema(v, depth + 1)));
  const type = Array.isArray(schema.type) ? schema.type.find((x) => x !== 'null') : schema.type;
  switch (type) {
    case 'string': {
      if (schema.format === 'uuid') return fc.uuid();
      if (schema.format === 'email' || schema.pattern?.includes('@')) return fc.emailAddress();
      const min = schema.minLength ?? 0;
      const max = Math.min(schema.maxLength ?? 64, 5000);
      return fc.oneof(
        fc.string({ minLength: min, maxLength: Math.min(max, Math.max(min, 30)) }),
        fc
          .constantFrom('\u0000', '\u202E', '\u05D0', 'é')
          .map((c) => c.repeat(Math.max(min, 1)).slice(0, max || 1)),
        fc.constant('é'.repeat(max)),
      );
    }
    case 'integer': {
      const min = Math.max(schema.minimum ?? -(2 ** 53), -(2 ** 53));
      const max = Math.min(schema.maximum ?? 2 ** 53, 2 ** 53);
      return fc.oneof(
        fc.integer({ min: Math.max(min, -1000), max: Math.min(max, 1000) }),
        fc.constantFrom(min, max),
      );
    }
    case 'number': {
      const min = schema.minimum ?? -1e9;
      const max = schema.maximum ?? 1e9;
      return fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
    }
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(fromSchema(schema.items, depth + 1), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 4, 4),
      });
    case 'object': {
      const props = schema.properties ?? {};
      const required = new Set(schema.required ?? []);
      const optional = Object.keys(props).filter((k) => !required.has(k));
      return fc
        .subarray(optional)
        .chain((chosen) =>
          fc.record(
            Object.fromEntries(
              [...required, ...chosen]
                .filter((k) => props[k])
                .map((k) => [k, fromSchema(props[k], depth + 1)]),
            ),
          ),
        );
    }
    default:
      return jsonValue;
  }
}

/** Keys that pollute `Object.prototype` if a merge is careless. */
const POLLUTERS = [
  '"__proto__":{"polluted":"yes","isAdmin":true}',
  '"constructor":{"prototype":{"polluted":"yes"}}',
  '"prototype":{"polluted":"yes"}',
];

/**
 * A JSON body text for a route: an object with a random subset of its declared fields (so some
 * are missing), each holding any JSON value (wrong types), maybe extra fields and pollution keys;
 * or a JSON value that is not an object at all.
 */
function bodyText(fields: string[], schema?: JsonSchemaLike): fc.Arbitrary<string | undefined> {
  const known = fields.length
    ? fc.subarray(fields).chain((keys) => fc.tuple(...keys.map((k) => fc.tuple(fc.constant(k), jsonValue))))
    : fc.constant([] as [string, unknown][]);
  const objectBody = fc
    .record({
      known,
      extra: fc.array(fc.tuple(fc.string({ maxLength: 10 }), jsonValue), { maxLength: 2 }),
      polluters: fc.subarray(POLLUTERS, { maxLength: 2 }),
    })
    .map(({ known, extra, polluters }) => {
      const members = [...known, ...extra].map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)}`);
      return `{${[...members, ...polluters].join(',')}}`;
    });
  const valid = fromSchema(schema);
  // A body the schema accepts, then the same body with one field swapped for any JSON value.
  const mutated = fc
    .tuple(valid, fields.length ? fc.constantFrom(...fields) : fc.constant('extra'), jsonValue)
    .map(([body, key, value]) =>
      body && typeof body === 'object' && !Array.isArray(body) ? { ...body, [key]: value } : body,
    );
  return fc.oneof(
    { weight: schema ? 4 : 0, arbitrary: valid.map((v) => JSON.stringify(v)) },
    { weight: schema ? 3 : 0, arbitrary: mutated.map((v) => JSON.stringify(v)) },
    { weight: 4, arbitrary: objectBody },
    { weight: 1, arbitrary: jsonValue.map((v) => JSON.stringify(v) ?? 'null') },
    { weight: 1, arbitrary: fc.constant(undefined) },
    { weight: 1, arbitrary: fc.constantFrom('{', '{"a":', '[1,2', '', 'not json', '{"a":1}{"b":2}') },
  );
}

const paramValue = fc.oneof(
  fc.constantFrom('1', '0', '-1', '99999999999999999999', '1.5', 'null', 'undefined', '__proto__'),
  fc.uuid(),
  fc.string({ maxLength: 30 }),
  fc.constantFrom('a\u0000b', '\u202E', 'x'.repeat(300)),
);

/** A query string over the route's declared names plus stray ones, some repeated. */
function queryText(
  names: string[],
  schemas: Record<string, JsonSchemaLike | undefined>,
): fc.Arbitrary<string> {
  const name = fc.oneof(
    ...(names.length ? [fc.constantFrom(...names)] : []),
    fc.constantFrom('__proto__', 'constructor[prototype][polluted]', '__proto__[polluted]', 'extra'),
  );
  const value = fc.oneof(paramValue, fc.constant(''));
  // The declared parameters with values their schema accepts, then stray and repeated ones.
  const declared = fc.tuple(
    ...names.map((n) =>
      fc.option(
        fromSchema(schemas[n]).map(
          (v) => [n, typeof v === 'string' ? v : JSON.stringify(v)] as [string, string],
        ),
        {
          nil: undefined,
        },
      ),
    ),
  );
  return fc
    .tuple(declared, fc.array(fc.tuple(name, value), { maxLength: 4 }))
    .map(([good, stray]): [string, string][] => [
      ...good.filter((p): p is [string, string] => p !== undefined),
      ...stray,
    ])
    .chain((pairs) =>
      // Duplicate one pair at times, so `a=1&a=2` arrives as an array.
      fc
        .boolean()
        .map((dup) => (dup && pairs.length ? [...pairs, [pairs[0]![0], 'dup'] as [string, string]] : pairs)),
    )
    .map((pairs) => pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&'));
}

interface FuzzRequest {
  path: string;
  body: string | undefined;
  idempotencyKey: string | undefined;
}

function requestFor(route: RouteShape): fc.Arbitrary<FuzzRequest> {
  return fc
    .record({
      params: fc.tuple(
        ...route.pathParams.map((name) =>
          fc.oneof(
            paramValue,
            fromSchema(route.paramSchemas[name]).map((v) => String(v)),
          ),
        ),
      ),
      query: queryText(route.queryParams, route.paramSchemas),
      body: route.hasBody ? bodyText(route.bodyFields, route.bodySchema) : fc.constant(undefined),
      idempotencyKey: fc.option(fc.oneof(fc.uuid(), fc.string({ maxLength: 80 })), { nil: undefined }),
      // At times a path parameter is sent with a broken percent-encoding.
      badEncoding: fc.boolean(),
    })
    .map(({ params, query, body, idempotencyKey, badEncoding }) => {
      let i = 0;
      const filled = route.template.replace(/\{[^}]+\}/g, () => {
        const index = i++;
        return badEncoding && index === 0 ? '%E0%A4%A' : encodeURIComponent(params[index] ?? 'x');
      });
      return { path: query ? `${filled}?${query}` : filled, body, idempotencyKey };
    });
}

// ---------------------------------------------------------------------------------------------
// Checks

const CODES = new Set<string>(ErrorCodes);
/** Text that would show server internals: stack frames, file paths, SQL or driver messages. */
const INTERNALS =
  /\bat [\w.<>]+ \(|node_modules|\.ts:\d+|\bSELECT\b.+\bFROM\b|\bINSERT INTO\b|syntax error at|violates .* constraint|relation "|invalid input syntax|PGlite|postgres/i;
const PROTO_KEYS = Object.getOwnPropertyNames(Object.prototype).sort().join();

function protoIsClean(): boolean {
  const probe = {} as Record<string, unknown>;
  return (
    probe.polluted === undefined &&
    probe.isAdmin === undefined &&
    Object.getOwnPropertyNames(Object.prototype).sort().join() === PROTO_KEYS
  );
}

/** Why the answer breaks F1, or undefined when it is fine. */
function problemWith(status: number, text: string): string | undefined {
  if (status >= 500) return `status ${status}: ${text.slice(0, 300)}`;
  if (!protoIsClean()) return 'Object.prototype was polluted';
  if (status < 400) return undefined;
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(text);
  } catch {
    return `status ${status} answer is not JSON: ${text.slice(0, 200)}`;
  }
  const keys = Object.keys(body).filter((k) => !['error_description', 'code', 'fieldErrors'].includes(k));
  if (typeof body.error_description !== 'string' || !CODES.has(String(body.code)) || keys.length) {
    return `status ${status} answer is not the error shape: ${text.slice(0, 300)}`;
  }
  if (INTERNALS.test(text)) return `status ${status} answer shows internals: ${text.slice(0, 300)}`;
  return undefined;
}

/** Answers by status, printed after the run with FUZZ_STATS=1 to see how deep the inputs reach. */
const statusCounts = new Map<number, number>();
afterAll(() => {
  if (process.env.FUZZ_STATS) console.log('F1 answers by status', Object.fromEntries(statusCounts));
});

async function send(route: RouteShape, req: FuzzRequest, token: string | undefined) {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (req.idempotencyKey !== undefined) headers['idempotency-key'] = req.idempotencyKey;
  if (req.body !== undefined) headers['content-type'] = 'application/json';
  const res = await t.server.app.inject({
    method: route.method as 'GET',
    url: req.path,
    headers,
    ...(req.body !== undefined ? { payload: req.body } : {}),
  });
  statusCounts.set(res.statusCode, (statusCounts.get(res.statusCode) ?? 0) + 1);
  return { status: res.statusCode, text: res.body };
}

/** The member's token may be revoked by a fuzzed logout or account deletion; sign up a new one then. */
async function ensureMember(): Promise<void> {
  const res = await t.server.app.inject({
    method: 'GET',
    url: '/api/Account/AuthInfo',
    headers: { authorization: `Bearer ${memberToken}` },
  });
  if (res.statusCode === 200) return;
  const fresh = await signUpVerified(t.server, `fuzz-${Date.now()}-${Math.random()}@example.com`);
  memberToken = fresh.token;
}

async function fuzzRoutes(
  routes: RouteShape[],
  caller: () => string | undefined,
  afterRoute: () => Promise<void> = async () => {},
): Promise<string[]> {
  const failures: string[] = [];
  for (const route of routes) {
    const details = await fc.check(
      fc.asyncProperty(requestFor(route), async (req) => {
        const res = await send(route, req, caller());
        const problem = problemWith(res.status, res.text);
        if (problem) throw new Error(problem);
      }),
      { numRuns: RUNS, endOnFailure: true, ...(SEED !== undefined ? { seed: SEED } : {}) },
    );
    if (details.failed) {
      const [req] = (details.counterexample ?? []) as [FuzzRequest];
      const error = details.errorInstance instanceof Error ? details.errorInstance.message : '';
      failures.push(
        `${route.method} ${route.template}: ${error} ← ${req?.path.slice(0, 200)} ${req?.body?.slice(0, 200) ?? ''} (seed ${details.seed})`,
      );
    }
    await afterRoute();
  }
  return failures;
}

describe('F1: schema fuzz on every /api route', () => {
  it('finds every route in the route table (the enumeration is not empty)', () => {
    const routes = apiRoutes();
    expect(routes.length).toBeGreaterThanOrEqual(60);
    const names = routes.map((r) => `${r.method} ${r.template}`);
    expect(names).toContain('POST /api/User/Login');
    expect(names).toContain('GET /api/admin/products');
    const login = routes.find((r) => r.template === '/api/User/Login')!;
    expect(login.bodyFields).toEqual(expect.arrayContaining(['emailAddress', 'password']));
  });

  it('F1: never answers an anonymous caller with a 5xx, internals or a polluted prototype', async () => {
    const failures = await fuzzRoutes(apiRoutes(), () => undefined);
    expect(failures).toEqual([]);
    expect(protoIsClean()).toBe(true);
  }, 300_000);

  it('F1: never answers a signed-in member with a 5xx, internals or a polluted prototype', async () => {
    const failures = await fuzzRoutes(apiRoutes(), () => memberToken, ensureMember);
    expect(failures).toEqual([]);
  }, 300_000);

  it('F1: never answers the operator on /api/admin routes with a 5xx, internals or a polluted prototype', async () => {
    const admin = apiRoutes().filter((r) => r.template.toLowerCase().startsWith('/api/admin'));
    expect(admin.length).toBeGreaterThan(10);
    const failures = await fuzzRoutes(admin, () => t.adminToken);
    expect(failures).toEqual([]);
  }, 300_000);

  it('F1: rejects extra fields on a JSON body with 400', async () => {
    const res = await t.server.app.inject({
      method: 'POST',
      url: '/api/User/Login',
      headers: { 'content-type': 'application/json' },
      payload: '{"emailAddress":"a@example.com","password":"Correct-Horse-1","isAdmin":true}',
    });
    expect(res.statusCode).toBe(400);
    expect(CODES.has(res.json().code)).toBe(true);
  });

  it('F1: answers an over-long path parameter and a broken URL encoding with 400 in the error format', async () => {
    for (const url of [`/api/admin/products/${'x'.repeat(300)}`, '/api/admin/products/%E0%A4%A']) {
      const res = await t.server.app.inject({
        method: 'GET',
        url,
        headers: { authorization: `Bearer ${t.adminToken}` },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error_description: expect.any(String), code: 'bad_request' });
    }
  });

  it('F1: refuses a NUL character in text with 400 instead of failing in the database', async () => {
    const res = await t.server.app.inject({
      method: 'POST',
      url: '/api/contact/SendContactEmail',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({
        name: 'A\u0000B',
        email: 'a@example.com',
        text: 'Hello there, this is a message.',
      }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('validation_failed');
  });
});

describe('A11: no GET route changes state', () => {
  /** One fingerprint per table of the test schema: its rows as text, hashed. */
  async function snapshot(): Promise<Record<string, string>> {
    const { db } = t.server.database;
    const tables = await db.execute<{ name: string }>(
      sql`SELECT table_name AS name FROM information_schema.tables
          WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY 1`,
    );
    const out: Record<string, string> = {};
    for (const { name } of tables.rows) {
      const rows = await db.execute<{ h: string }>(
        sql.raw(`SELECT md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS h FROM "${name}" t`),
      );
      out[name] = rows.rows[0]!.h;
    }
    return out;
  }

  it('A11: every GET route, called by a visitor, a member and the operator, leaves every table as it was', async () => {
    const gets = apiRoutes().filter((r) => r.method === 'GET');
    expect(gets.length).toBeGreaterThan(20);
    await ensureMember();
    const before = await snapshot();
    expect(Object.keys(before).length).toBeGreaterThan(20);
    for (const route of gets) {
      for (const param of ['1', '00000000-0000-4000-8000-000000000000']) {
        const path = route.template.replace(/\{[^}]+\}/g, param);
        for (const token of [undefined, memberToken, t.adminToken]) {
          const res = await send(route, { path, body: undefined, idempotencyKey: undefined }, token);
          expect(res.status, `${route.template}`).toBeLessThan(500);
        }
      }
    }
    expect(await snapshot()).toEqual(before);
  }, 120_000);
});

describe('F3: content type and size', () => {
  const login = (headers: Record<string, string>, payload: string) =>
    t.server.app.inject({ method: 'POST', url: '/api/User/Login', headers, payload });

  it('F3: answers a JSON route given form or text content with 415', async () => {
    const form = await login(
      { 'content-type': 'application/x-www-form-urlencoded' },
      'emailAddress=a%40b.co&password=x',
    );
    const text = await login({ 'content-type': 'text/plain' }, '{"emailAddress":"a@b.co","password":"x"}');
    for (const res of [form, text]) {
      expect(res.statusCode).toBe(415);
      expect(res.json()).toEqual({ error_description: expect.any(String), code: 'unsupported_media_type' });
    }
  });

  it('F3: answers a body over 100 KB with 413', async () => {
    const body = JSON.stringify({ emailAddress: 'a@example.com', password: 'x'.repeat(101 * 1024) });
    const res = await login({ 'content-type': 'application/json' }, body);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ error_description: expect.any(String), code: 'payload_too_large' });
  });

  it('F3: answers JSON nested 10k deep with 400 and keeps serving', async () => {
    const deep = `${'['.repeat(10_000)}${']'.repeat(10_000)}`;
    const res = await login(
      { 'content-type': 'application/json' },
      `{"emailAddress":${deep},"password":"x"}`,
    );
    expect(res.statusCode).toBe(400);
    expect(CODES.has(res.json().code)).toBe(true);
    expect((await t.server.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });

  it('F3: answers a method the route does not declare with 405', async () => {
    const res = await t.server.app.inject({ method: 'PATCH', url: '/api/User/Login' });
    expect(res.statusCode).toBe(405);
    expect(res.json().code).toBe('method_not_allowed');
  });
});
