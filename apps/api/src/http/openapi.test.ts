import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/helpers.ts';

const run = promisify(execFile);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
let server: TestServer;
// biome-ignore lint/suspicious/noExplicitAny: the OpenAPI document is read loosely and asserted on
let doc: any;

beforeAll(async () => {
  server = await startTestServer();
  doc = (await server.request('GET', '/api/docs')).body;
});
afterAll(async () => {
  await server?.close();
});

type Operation = { operationId?: string; security?: unknown[]; responses: Record<string, unknown> };
const operations = (): [string, string, Operation][] =>
  Object.entries(doc.paths as Record<string, Record<string, Operation>>).flatMap(([p, methods]) =>
    Object.entries(methods).map(([m, op]) => [m, p, op] as [string, string, Operation]),
  );

describe('the API description at /api/docs', () => {
  it('O1: every operation has a unique operationId and at least one 4xx answer', () => {
    const ids = operations().map(([, , op]) => op.operationId);
    expect(ids.every((id) => typeof id === 'string' && id.length > 0)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    for (const [method, p, op] of operations()) {
      expect(
        Object.keys(op.responses).some((s) => s.startsWith('4')),
        `${method} ${p}`,
      ).toBe(true);
    }
  });

  it('O1: routes that need a token say so, with their 401; public ones do not', async () => {
    const op = (method: string, p: string) => doc.paths[p]?.[method] as Operation;
    for (const [method, p] of [
      ['get', '/api/Account/AuthInfo'],
      ['post', '/api/User/ChangePassword'],
      ['get', '/api/admin/dashboard'],
    ] as const) {
      const found = op(method, p);
      if (!found) continue;
      expect(found.security, `${method} ${p}`).toEqual([{ bearer: [] }]);
      expect(found.responses['401'], `${method} ${p}`).toBeDefined();
    }
    expect(op('get', '/api/Account/AuthInfo').security).toEqual([{ bearer: [] }]);
    expect(op('post', '/api/User/Login').security).toEqual([]);
    // Every route that answers 401 without a token is described as needing one.
    for (const [method, p, described] of operations()) {
      if (p.includes('{') || method !== 'get') continue;
      const res = await server.request('GET', p);
      if (res.status === 401) expect(described.security, `GET ${p}`).toContainEqual({ bearer: [] });
    }
  });

  it('F9: the calls that read an optional bearer token declare it, with the 401 a bad token gets', async () => {
    for (const [method, p] of [
      ['post', '/api/theQuiz/TakeQuiz'],
      ['get', '/api/theQuiz/GetItem'],
      ['get', '/api/product/GetQuizProducts'],
    ] as const) {
      const described = doc.paths[p]?.[method] as Operation;
      expect(described, `${method} ${p}`).toBeDefined();
      // Either a bearer token or none (an anonymous quiz works), as OpenAPI writes "optional".
      expect(described.security, `${method} ${p}`).toEqual([{ bearer: [] }, {}]);
      expect(described.responses['401'], `${method} ${p}`).toBeDefined();
    }
    // What the description says is what the route does: a made-up token is a 401.
    const res = await server.request('GET', '/api/theQuiz/GetItem?id=1', { token: 'made.up.token' });
    expect(res.status).toBe(401);
  });

  it('O1: redocly lint finds no errors', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'openapi-'));
    const file = path.join(dir, 'openapi.json');
    writeFileSync(file, JSON.stringify(doc));
    try {
      const result = await run(
        path.join(root, 'node_modules/.bin/redocly'),
        ['lint', file, '--format=json'],
        {
          cwd: dir,
          maxBuffer: 64 * 1024 * 1024,
        },
      ).catch((error: { stdout?: string; stderr?: string }) => ({
        stdout: error.stdout ?? '',
        stderr: error.stderr ?? '',
      }));
      const report = JSON.parse(result.stdout) as {
        problems: { severity: string; ruleId: string; message: string; location?: { pointer?: string }[] }[];
      };
      const errors = report.problems.filter((p) => p.severity === 'error');
      expect(errors.map((e) => `${e.ruleId} at ${e.location?.[0]?.pointer}: ${e.message}`)).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
