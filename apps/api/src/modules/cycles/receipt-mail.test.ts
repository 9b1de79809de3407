import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/helpers.ts';
import { seedCatalog } from '../catalog/catalog.seed.ts';
import { createCatalogService } from '../catalog/catalog.service.ts';
import { newMember, payOrder, relaxedLimiter } from '../checkout/checkout.test-support.ts';
import { createMailer } from '../mail/mailer.ts';
import { createPaymentProvider } from '../payments/provider/create-provider.ts';
import { markBoxShipped } from './fulfilment.ts';
import { createRanker } from './picks.ts';
import { type SweepDeps, sweep } from './sweep.ts';

/** What the renewal receipt and the shipped mail carry (docs/product.md#mails). */

const DAY = 24 * 60 * 60 * 1000;
const WEB = 'https://store.example';
let now = Date.parse('2027-03-01T15:00:00.000Z');
const clock = () => new Date(now);
let server: TestServer;
let deps: SweepDeps;

beforeAll(async () => {
  server = await startTestServer({ publicUrl: WEB }, { limiter: relaxedLimiter(), clock });
  await seedCatalog(server.database.db);
  const db = server.database.db;
  deps = {
    db,
    payments: createPaymentProvider({ config: server.config, db, clock }),
    mailer: createMailer({ db }),
    rank: createRanker({ db, catalog: createCatalogService({ db }) }),
    webUrl: WEB,
    autoShip: false,
  };
});
afterAll(async () => {
  await server?.close();
});

async function runDays(days: number) {
  for (let d = 0; d < days; d++) {
    now += DAY;
    await sweep(deps, new Date(now));
  }
}

/** The newest mail of a kind to an address, queued by the cycle engine or sent. */
async function cycleMail(to: string, kind: string) {
  const result = await server.database.db.execute<{ html: string; text: string }>(sql`
    SELECT html, text FROM cycle_mails WHERE to_address = ${to.toLowerCase()} AND kind = ${kind}
    UNION ALL SELECT html, text FROM emails WHERE to_address = ${to.toLowerCase()} AND kind = ${kind}`);
  return result.rows.at(-1);
}

describe('the renewal receipt', () => {
  it('itemises box, handling, tax and the total as charged, shows the samples from PUBLIC_URL, and links to manage the membership', async () => {
    const m = await newMember(server, 'receipt');
    await payOrder(server, m, m.orderId, 0);
    await runDays(31);
    const mail = await cycleMail(m.email, 'renewal-receipt');
    expect(mail).toBeDefined();
    const order = await server.database.db.execute<{
      price_cents: number;
      handling_fee_cents: number;
      tax_cents: number;
      total_cents: number;
    }>(sql`
      SELECT o.price_cents, o.handling_fee_cents, o.tax_cents, o.total_cents FROM orders o
      JOIN subscriptions s ON s.current_order_id = o.id WHERE s.first_order_id = ${m.orderId}`);
    const row = order.rows[0]!;
    const usd = (cents: number) => `$${(Number(cents) / 100).toFixed(2)}`;
    expect(Number(row.tax_cents)).toBeGreaterThan(0);
    const escapeRe = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const line = (label: string, cents: number) =>
      new RegExp(`${escapeRe(label)} +${escapeRe(usd(cents))}\n`);
    expect(mail!.text).toMatch(line('Box of 4 samples (Discover Plan)', row.price_cents));
    expect(mail!.text).toMatch(line('Handling fee', row.handling_fee_cents));
    expect(mail!.text).toMatch(line('Tax', row.tax_cents));
    expect(mail!.text).toMatch(line('Total (USD)', row.total_cents));
    expect(mail!.html).toMatch(
      /<a href="https:\/\/store\.example\/membership"[^>]*>Manage your membership<\/a>/,
    );
    const pictures = [...mail!.html.matchAll(/<img[^>]*src="([^"]+)"/g)].map((match) => match[1]);
    expect(pictures.length).toBeGreaterThanOrEqual(2);
    for (const src of pictures)
      expect(src).toMatch(/^https:\/\/store\.example\/catalog\/mail\/\d+-sample\.png$/);
  }, 120_000);
});

describe('the shipped mail', () => {
  it('links a UPS tracking number to the UPS tracking page and shows the box with its pictures', async () => {
    const m = await newMember(server, 'tracked');
    await payOrder(server, m, m.orderId, 0);
    await runDays(4);
    const ups = '1Z999AA10123456784';
    const db = server.database.db;
    expect(await markBoxShipped(db, m.orderId, new Date(now), ups, WEB)).toBe(true);
    const mail = await cycleMail(m.email, 'box-shipped');
    expect(mail!.html).toContain(`href="https://www.ups.com/track?tracknum=${ups}"`);
    expect(mail!.text).toContain(`Tracking number: ${ups}`);
    expect(mail!.text).toContain('(UPS)');
    expect(mail!.html).toMatch(/<img[^>]*src="https:\/\/store\.example\/catalog\/mail\/\d+-sample\.png"/);
  }, 120_000);
});
