import { displayOrderNumber } from '@store/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitForMail } from '../accounts/accounts.test-support.ts';
import { type AdminTestServer, startAdminTestServer } from '../admin/admin.test-support.ts';
import { identityIdOf, paidMember } from '../admin/members.test-support.ts';

/** One customer-facing number per order, the same everywhere (docs/product.md#order-numbers). */

let t: AdminTestServer;

beforeAll(async () => {
  t = await startAdminTestServer();
});
afterAll(async () => {
  await t?.server.close();
});

describe('the order number', () => {
  it('is one stored number shown as the same "#NNNNN" on the order, its mail and the back office', async () => {
    const member = await paidMember(t.server, 'pm_card_visa', 'numbered');
    const order = await t.server.request('GET', `/api/order/GetItem?id=${member.orderId}`, {
      token: member.token,
    });
    expect(order.status).toBe(200);
    const shown = displayOrderNumber(order.body.orderNumer);
    expect(shown).toMatch(/^#\d{5}$/);
    // Older clients' short field names the same number.
    expect(`#${order.body.orderNumberLast4}`).toBe(shown);

    const history = await t.server.request('GET', '/api/order/GetMyOrders', { token: member.token });
    const line = history.body.find((o: { id: string }) => o.id === member.orderId);
    expect(displayOrderNumber(line.orderNumer)).toBe(shown);

    const mail = await waitForMail(t.server.database.db, member.email, 'order-confirmation');
    expect(mail.subject).toContain(shown);
    expect(mail.text).toContain(shown);

    const identityId = await identityIdOf(t.server, member.email);
    const admin = await t.server.request('GET', `/api/admin/members/${identityId}`, { token: t.adminToken });
    expect(admin.status).toBe(200);
    const adminOrder = admin.body.orders.find((o: { id: string }) => o.id === member.orderId);
    expect(displayOrderNumber(adminOrder.orderNumber)).toBe(shown);
  });
});
