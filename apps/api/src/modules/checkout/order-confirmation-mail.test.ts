import { displayOrderNumber, formatMembershipDate, productName } from '@store/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/helpers.ts';
import { seedCatalog } from '../catalog/catalog.seed.ts';
import { newMember, payOrder, relaxedLimiter } from './checkout.test-support.ts';

const DAY = 24 * 60 * 60 * 1000;
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ publicUrl: 'https://store.example' }, { limiter: relaxedLimiter() });
  await seedCatalog(server.database.db);
});
afterAll(async () => {
  await server?.close();
});

/** The mail of a kind to an address, once the background send stored it. */
async function mailTo(to: string, kind: string) {
  for (let attempt = 0; attempt < 100; attempt++) {
    const found = await server.database.db.execute<{ subject: string; text: string; html: string }>(
      sql`SELECT subject, text, html FROM emails WHERE to_address = ${to.toLowerCase()} AND kind = ${kind}`,
    );
    if (found.rows[0]) return found.rows[0];
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no ${kind} mail to ${to}`);
}

describe('the first box confirmation mail', () => {
  it('carries the order number, the box contents named with their flavors and what happens next with dates', async () => {
    const m = await newMember(server, 'confirmmail');
    await payOrder(server, m, m.orderId, 0);
    const order = await server.request('GET', `/api/order/GetItem?id=${m.orderId}`, { token: m.token });
    expect(order.status).toBe(200);
    const mail = await mailTo(m.email, 'order-confirmation');
    const number = displayOrderNumber(order.body.orderNumer);
    expect(mail.subject).toContain(number);
    expect(mail.text).toContain(`Order ${number} is paid`);

    const items = order.body.items as { brandName: string; title: string; flavorSubCategoryText: string }[];
    expect(items).toHaveLength(2);
    for (const item of items) {
      expect(item.flavorSubCategoryText).not.toBe('');
      expect(mail.text).toContain(`Sample: ${item.brandName} ${productName(item)} (prime pick)`);
    }

    const paid = new Date(order.body.datePaid).getTime();
    const deadline = formatMembershipDate(new Date(paid + 3 * DAY).toISOString());
    const ship = formatMembershipDate(new Date(paid + 8 * DAY).toISOString());
    expect(mail.text).toContain(`choose your 2 samples by ${deadline}`);
    expect(mail.text).toContain(`expected to ship on ${ship}`);
    expect(mail.html).toContain(`choose your 2 samples by ${deadline}`);
  }, 60_000);

  it('names where the box ships and shows its samples with pictures served from PUBLIC_URL', async () => {
    const m = await newMember(server, 'shipto');
    await payOrder(server, m, m.orderId, 0);
    const mail = await mailTo(m.email, 'order-confirmation');
    expect(mail.text).toContain('Shipping to: Ada Lovelace, 1 Congress Ave, Apt 4, Austin, TX 78701');
    expect(mail.html).toContain('Shipping to: Ada Lovelace, 1 Congress Ave, Apt 4, Austin, TX 78701');
    const pictures = [...mail.html.matchAll(/<img[^>]*src="([^"]+)"/g)].map((match) => match[1]);
    expect(pictures).toHaveLength(2);
    for (const src of pictures)
      expect(src).toMatch(/^https:\/\/store\.example\/catalog\/mail\/\d+-sample\.png$/);
  }, 60_000);
});
