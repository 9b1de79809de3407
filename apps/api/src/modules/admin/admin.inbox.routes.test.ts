import { AUDIT_ENTITY_TYPES } from '@store/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AdminTestServer,
  productInput,
  startAdminTestServer,
  TINY_PNG_BASE64,
} from './admin.test-support.ts';
import { identityIdOf, paidMember } from './members.test-support.ts';

let t: AdminTestServer;

beforeAll(async () => {
  t = await startAdminTestServer();
});
afterAll(async () => {
  await t?.close();
});

const asAdmin = (method: string, path: string, body?: unknown) =>
  t.server.request(method, path, { token: t.adminToken, body });

const XSS = '<img src=x onerror=alert(1)> javascript:alert(2) </script><script>alert(3)</script>';

async function auditCount(): Promise<number> {
  const result = await t.server.database.db.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM audit_log`,
  );
  return result.rows[0]!.n;
}

describe('contact messages', () => {
  it('lists a message sent from the footer, markup kept as text (F4)', async () => {
    const sent = await t.server.request('POST', '/api/contact/SendContactEmail', {
      body: { name: 'Dana <b>Whitaker</b>', email: 'dana@example.com', text: XSS },
    });
    expect(sent.status).toBe(200);
    const res = await asAdmin('GET', '/api/admin/contact-messages');
    expect(res.status).toBe(200);
    expect(res.body.items[0]).toMatchObject({ name: 'Dana <b>Whitaker</b>', text: XSS, handledAt: null });
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  });

  it('marks a message handled, moves it to the handled list, and records it once', async () => {
    await t.server.request('POST', '/api/contact/SendContactEmail', {
      body: { name: 'Sam', email: 'sam@example.com', text: 'Where is my box?' },
    });
    const open = await asAdmin('GET', '/api/admin/contact-messages?status=unhandled');
    const message = open.body.items.find((m: { name: string }) => m.name === 'Sam');
    const auditBefore = await auditCount();

    const handled = await asAdmin('POST', `/api/admin/contact-messages/${message.id}/handled`, {
      isHandled: true,
    });
    expect(handled.status).toBe(200);
    expect(handled.body.handledAt).toEqual(expect.any(String));
    const again = await asAdmin('POST', `/api/admin/contact-messages/${message.id}/handled`, {
      isHandled: true,
    });
    expect(again.body.handledAt).toBe(handled.body.handledAt);
    expect(await auditCount()).toBe(auditBefore + 1);

    const stillOpen = await asAdmin('GET', '/api/admin/contact-messages?status=unhandled&pageSize=100');
    expect(stillOpen.body.items.map((m: { id: string }) => m.id)).not.toContain(message.id);
    const done = await asAdmin('GET', '/api/admin/contact-messages?status=handled');
    expect(done.body.items.map((m: { id: string }) => m.id)).toContain(message.id);

    const audit = await asAdmin('GET', `/api/admin/audit?entityType=contact_message&entityId=${message.id}`);
    expect(audit.body.items).toHaveLength(1);
    expect(audit.body.items[0]).toMatchObject({
      action: 'contact_message.handle',
      actorEmail: t.admin.email,
      actorId: t.admin.id,
      before: { handledAt: null },
      after: { handledAt: handled.body.handledAt },
    });

    const reopened = await asAdmin('POST', `/api/admin/contact-messages/${message.id}/handled`, {
      isHandled: false,
    });
    expect(reopened.body.handledAt).toBeNull();
    expect(await auditCount()).toBe(auditBefore + 2);
  });

  it('pages the inbox on the server', async () => {
    for (let i = 0; i < 3; i++) {
      await t.server.request('POST', '/api/contact/SendContactEmail', {
        body: { name: `Pager ${i}`, email: 'pager@example.com', text: 'Hello' },
      });
    }
    const page = await asAdmin('GET', '/api/admin/contact-messages?status=all&pageSize=2&page=2');
    expect(page.body.items).toHaveLength(2);
    expect(page.body.total).toBeGreaterThanOrEqual(5);
  });

  it.each([
    ['a bad id', '/api/admin/contact-messages/not-a-uuid/handled', { isHandled: true }],
    ['no isHandled', '/api/admin/contact-messages/00000000-0000-4000-8000-000000000000/handled', {}],
    [
      'a string isHandled',
      '/api/admin/contact-messages/00000000-0000-4000-8000-000000000000/handled',
      { isHandled: 'yes' },
    ],
  ])('refuses %s with 400', async (_name, path, body) => {
    expect((await asAdmin('POST', path, body)).status).toBe(400);
  });

  it('refuses an unknown status filter', async () => {
    expect((await asAdmin('GET', '/api/admin/contact-messages?status=spam')).status).toBe(400);
  });
});

describe('partner requests', () => {
  it('lists an application with its socials as text and marks it handled', async () => {
    const applied = await t.server.request('POST', '/api/User/SubmitPartnerRequest', {
      body: {
        firstName: 'Riley',
        lastName: 'Stone',
        email: 'riley@example.com',
        phone: '(415) 555-0134',
        instagram: 'javascript:alert(1)',
        otherSocials: XSS,
      },
    });
    expect(applied.status).toBe(200);
    const list = await asAdmin('GET', '/api/admin/partner-requests');
    const request = list.body.items[0];
    expect(request).toMatchObject({
      firstName: 'Riley',
      instagram: 'javascript:alert(1)',
      otherSocials: XSS,
    });
    const handled = await asAdmin('POST', `/api/admin/partner-requests/${request.id}/handled`, {
      isHandled: true,
    });
    expect(handled.status).toBe(200);
    expect(
      (await asAdmin('GET', '/api/admin/partner-requests')).body.items.map((r: { id: string }) => r.id),
    ).not.toContain(request.id);
    const audit = await asAdmin('GET', `/api/admin/audit?entityType=partner_request&entityId=${request.id}`);
    expect(audit.body.items[0]).toMatchObject({ action: 'partner_request.handle' });
  });
});

describe('GET /api/admin/audit', () => {
  it('answers the newest change first, one page at a time', async () => {
    await asAdmin('POST', '/api/admin/products/3/archive');
    await asAdmin('POST', '/api/admin/products/3/unarchive');
    const first = await asAdmin('GET', '/api/admin/audit?pageSize=1');
    expect(first.status).toBe(200);
    expect(first.body.items[0]).toMatchObject({
      action: 'product.unarchive',
      entityType: 'product',
      entityId: '3',
    });
    const second = await asAdmin('GET', '/api/admin/audit?pageSize=1&page=2');
    expect(second.body.items[0]).toMatchObject({ action: 'product.archive', entityId: '3' });
    expect(second.body.items[0].id).toBeLessThan(first.body.items[0].id);
    expect(first.body.total).toBe(await auditCount());
  });

  it('refuses an unknown entity type', async () => {
    expect((await asAdmin('GET', '/api/admin/audit?entityType=identity')).status).toBe(400);
  });

  it('filters by every kind of entity the back office writes, each answering only its own rows', async () => {
    // One real change of each kind, through the routes an operator uses.
    const member = await paidMember(t.server, 'pm_card_visa', 'audit');
    const memberId = await identityIdOf(t.server, member.email);
    const boxProduct = (
      await t.server.database.db.execute<{ product_id: number }>(
        sql`SELECT product_id FROM order_items WHERE order_id = ${member.orderId} LIMIT 1`,
      )
    ).rows[0]!.product_id;
    const review = await t.server.request('POST', '/api/productReview/Save', {
      token: member.token,
      body: {
        productId: Number(boxProduct),
        rating: 2,
        description: 'Gritty in water, fine in milk, too sweet.',
        agreementConfirmation: true,
      },
    });
    expect(review.status).toBe(200);
    const report = await t.server.request('POST', '/api/membership/ReportIssue', {
      token: member.token,
      body: { text: 'The scoop was missing from my box.' },
    });
    expect(report.status).toBe(200);
    await t.server.request('POST', '/api/contact/SendContactEmail', {
      body: { name: 'Audit Filter', email: 'audit-filter@example.com', text: 'Hello' },
    });
    const message = (await asAdmin('GET', '/api/admin/contact-messages?status=unhandled')).body.items.find(
      (m: { name: string }) => m.name === 'Audit Filter',
    );
    const applied = await t.server.request('POST', '/api/User/SubmitPartnerRequest', {
      body: {
        firstName: 'Audit',
        lastName: 'Filter',
        email: 'audit-partner@example.com',
        phone: '(415) 555-0199',
      },
    });
    expect(applied.status).toBe(200);
    const partner = (await asAdmin('GET', '/api/admin/partner-requests?status=unhandled')).body.items.find(
      (r: { email: string }) => r.email === 'audit-partner@example.com',
    );
    const reviewId = (
      await asAdmin('GET', `/api/admin/reviews?productId=${boxProduct}&pageSize=100`)
    ).body.items.find((r: { memberEmail: string }) => r.memberEmail === member.email).id;
    const changes: Array<[string, string, unknown?]> = [
      ['POST', '/api/admin/products/5/archive'],
      ['POST', '/api/admin/brands', { name: 'Audit Filter Brand', logoPath: '/catalog/brands/ironclad.svg' }],
      ['POST', '/api/admin/uploads', { kind: 'tub', image: `data:image/png;base64,${TINY_PNG_BASE64}` }],
      ['POST', `/api/admin/contact-messages/${message.id}/handled`, { isHandled: true }],
      ['POST', `/api/admin/partner-requests/${partner.id}/handled`, { isHandled: true }],
      ['POST', `/api/admin/members/${memberId}/skip-next`],
      ['POST', '/api/admin/fulfilment/boxes/assemble', { orderIds: [member.orderId] }],
      ['POST', '/api/admin/coupons', { code: 'AUDITFILTER', kind: 'percent', percentOff: 5 }],
      ['POST', `/api/admin/reviews/${reviewId}/hidden`, { isHidden: true }],
      ['POST', `/api/admin/issue-reports/${report.body.id}/handled`, { isHandled: true }],
    ];
    for (const [method, path, body] of changes) {
      const res = await asAdmin(method, path, body);
      expect(res.status, `${path}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
    }
    await asAdmin('POST', '/api/admin/products/5/unarchive');

    // Every kind written is one the filter (and the audit page's list) knows.
    const written = await t.server.database.db.execute<{ entity_type: string }>(
      sql`SELECT DISTINCT entity_type FROM audit_log`,
    );
    expect(written.rows.map((r) => r.entity_type).sort()).toEqual([...AUDIT_ENTITY_TYPES].sort());
    for (const entityType of AUDIT_ENTITY_TYPES) {
      const res = await asAdmin('GET', `/api/admin/audit?entityType=${entityType}&pageSize=100`);
      expect(res.status, entityType).toBe(200);
      expect(res.body.total, entityType).toBeGreaterThan(0);
      expect(new Set(res.body.items.map((e: { entityType: string }) => e.entityType))).toEqual(
        new Set([entityType]),
      );
      expect(res.body.items[0].actorEmail).toBe(t.admin.email);
    }
  });
});

describe('a change and its audit row share one transaction', () => {
  it('keeps neither when the audit row cannot be written', async () => {
    const { db } = t.server.database;
    const price = async () =>
      (await db.execute<{ p: number }>(sql`SELECT list_price_cents AS p FROM products WHERE id = 4`)).rows[0]!
        .p;
    const before = await price();
    const auditBefore = await auditCount();
    await db.execute(sql`ALTER TABLE audit_log ADD CONSTRAINT audit_refuses_all CHECK (false) NOT VALID`);
    try {
      const demo = await asAdmin('GET', '/api/admin/products/4');
      const {
        id: _i,
        brandName: _b,
        memberPriceCents: _m,
        isActive: _a,
        updatedAt: _u,
        ...input
      } = demo.body;
      const res = await asAdmin('PUT', '/api/admin/products/4', { ...input, listPriceCents: before + 100 });
      expect(res.status).toBe(500);
      expect(res.body.error_description).not.toMatch(/audit|constraint/i);
      const created = await asAdmin('POST', '/api/admin/products', productInput({ title: 'Never Saved' }));
      expect(created.status).toBe(500);
    } finally {
      await db.execute(sql`ALTER TABLE audit_log DROP CONSTRAINT audit_refuses_all`);
    }
    expect(await price()).toBe(before);
    const unsaved = await db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM products WHERE title = 'Never Saved'`,
    );
    expect(unsaved.rows[0]!.n).toBe(0);
    expect(await auditCount()).toBe(auditBefore);
  });
});
