import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminTestServer, productInput, startAdminTestServer } from './admin.test-support.ts';

let t: AdminTestServer;

beforeAll(async () => {
  t = await startAdminTestServer();
});
afterAll(async () => {
  await t?.close();
});

interface RouteCall {
  method: string;
  path: string;
}

/**
 * Every /api/admin route the app registered, read from the OpenAPI document the app builds
 * from its route table (not from a list kept by hand), with path parameters filled in.
 */
function adminRoutes(): RouteCall[] {
  const doc = t.server.app.swagger() as { paths: Record<string, Record<string, unknown>> };
  const calls: RouteCall[] = [];
  for (const [template, operations] of Object.entries(doc.paths)) {
    if (!template.toLowerCase().startsWith('/api/admin')) continue;
    const path = template.replace(/\{id\}/g, '1').replace(/\{[^}]+\}/g, 'x');
    for (const method of Object.keys(operations)) calls.push({ method: method.toUpperCase(), path });
  }
  return calls;
}

/** A body every write route would accept from an operator, so only the caller decides the answer. */
function bodyFor(call: RouteCall): unknown {
  if (call.method === 'GET' || call.method === 'HEAD') return undefined;
  if (call.path.endsWith('/handled')) return { isHandled: true };
  if (call.path.includes('/brands')) return { name: 'Any Brand', logoPath: '/catalog/brands/ironclad.svg' };
  if (call.path.includes('/uploads')) return { kind: 'tub', image: 'data:image/png;base64,AAAA' };
  return productInput();
}

describe('B6: every /api/admin route', () => {
  it('is found in the route table (the enumeration below is not empty)', () => {
    const calls = adminRoutes();
    expect(calls.length).toBeGreaterThanOrEqual(19);
    expect(calls).toContainEqual({ method: 'GET', path: '/api/admin/products' });
    expect(calls).toContainEqual({ method: 'GET', path: '/api/admin/audit' });
    expect(calls).toContainEqual({ method: 'POST', path: '/api/admin/uploads' });
  });

  it('answers 401 without a token and 403 to a customer, whatever the body, and changes nothing', async () => {
    const before = await t.server.database.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM audit_log`,
    );
    const failures: string[] = [];
    for (const call of adminRoutes()) {
      const body = bodyFor(call);
      const anonymous = await t.server.request(call.method, call.path, { body });
      const bogusToken = await t.server.request(call.method, call.path, { body, token: 'not-a-token' });
      const customer = await t.server.request(call.method, call.path, { body, token: t.customer.token });
      const garbage = await t.server.request(call.method, call.path, {
        token: t.customer.token,
        ...(call.method === 'GET' ? {} : { body: { unexpected: '<script>' } }),
      });
      const got = [anonymous.status, bogusToken.status, customer.status, garbage.status];
      if (got.join() !== '401,401,403,403') failures.push(`${call.method} ${call.path}: ${got.join()}`);
      expect(customer.body.code).toBe('forbidden');
    }
    expect(failures).toEqual([]);
    const after = await t.server.database.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM audit_log`,
    );
    expect(after.rows[0]!.n).toBe(before.rows[0]!.n);
  });

  it('reads the permission from the database on each request, not from the token', async () => {
    const { db } = t.server.database;
    const asCustomer = () => t.server.request('GET', '/api/admin/products', { token: t.customer.token });
    expect((await asCustomer()).status).toBe(403);
    await db.execute(sql`UPDATE identities SET permissions = '{admin}' WHERE id = ${t.customer.identityId}`);
    expect((await asCustomer()).status).toBe(200);
    await db.execute(sql`UPDATE identities SET permissions = '{}' WHERE id = ${t.customer.identityId}`);
    expect((await asCustomer()).status).toBe(403);
  });

  it('refuses a customer before reading a large body', async () => {
    const res = await t.server.request('POST', '/api/admin/uploads', {
      token: t.customer.token,
      body: { kind: 'tub', image: `data:image/png;base64,${'A'.repeat(2_000_000)}` },
    });
    expect(res.status).toBe(403);
  });

  it('lets no route give a customer the admin permission (B6)', async () => {
    const saved = await t.server.request('POST', '/api/Identity/Save', {
      token: t.customer.token,
      body: { permissions: ['admin'] },
    });
    expect([200, 400]).toContain(saved.status);
    expect((await t.server.request('GET', '/api/admin/audit', { token: t.customer.token })).status).toBe(403);
  });

  it('answers 404, not 403, to the operator for an unknown id', async () => {
    const res = await t.server.request('POST', `/api/admin/contact-messages/${randomUUID()}/handled`, {
      token: t.adminToken,
      body: { isHandled: true },
    });
    expect(res.status).toBe(404);
  });
});
