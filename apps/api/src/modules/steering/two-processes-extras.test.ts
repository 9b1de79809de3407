import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { testConfig } from '../../config/env.ts';
import { type Database, openDatabase } from '../../db/database.ts';
import { migrate } from '../../db/migrate.ts';
import { httpRequest, type TestServer } from '../../test/helpers.ts';
import { seedCatalog } from '../catalog/catalog.seed.ts';
import { newMember, payOrder, relaxedLimiter } from '../checkout/checkout.test-support.ts';

/*
 * docs/product.md#next-box-extras with two API processes on one PostgreSQL schema (as
 * README.md#several-api-processes runs them): both sweep at the renewal moment, and the box and
 * the tubs added to it are charged together exactly once. PostgreSQL only (TEST_DATABASE_URL).
 */

const url = process.env.TEST_DATABASE_URL;
const DAY = 24 * 60 * 60 * 1000;

describe.skipIf(!url)('a renewal with next-box extras, two processes sweeping', () => {
  const schema = `t_${randomBytes(6).toString('hex')}`;
  let now = Date.parse('2027-03-01T10:00:00.000Z');
  const clock = () => new Date(now);
  const databases: Database[] = [];
  const apps: FastifyInstance[] = [];
  const servers: TestServer[] = [];

  beforeAll(async () => {
    for (let i = 0; i < 2; i++) {
      const database = await openDatabase({ url, schema, maxConnections: 5 });
      await migrate(database);
      databases.push(database);
    }
    await seedCatalog(databases[0]!.db);
    const config = testConfig();
    for (const database of databases) {
      const app = await buildApp({ config, db: database.db, clock, limiter: relaxedLimiter() });
      await app.listen({ port: 0, host: '127.0.0.1' });
      const baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
      apps.push(app);
      servers.push({
        app,
        database,
        config,
        baseUrl,
        request: (method, path, options = {}) => httpRequest(baseUrl, method, path, options),
        close: () => app.close(),
      });
    }
  });

  afterAll(async () => {
    for (const app of apps) await app.close();
    await databases[0]?.exec(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`).catch(() => {});
    for (const database of databases) await database.close().catch(() => {});
  });

  it('charges the box and its 2 tubs in one charge, once, however many processes sweep', async () => {
    const member = await newMember(servers[0]!, 'two-extras');
    await payOrder(servers[0]!, member, member.orderId, 0);
    const [item] = (
      await databases[0]!.db.execute<{ product_id: number }>(
        sql`SELECT product_id FROM order_items WHERE order_id = ${member.orderId} ORDER BY product_id LIMIT 1`,
      )
    ).rows;
    // Added through the other process than the one that took the payment.
    const added = await servers[1]!.request('POST', '/api/order/AddToNextBox', {
      token: member.token,
      body: { productId: Number(item!.product_id), quantity: 2 },
    });
    expect(added.status).toBe(200);
    const unit = Math.round(added.body.items[0].memberPrice * 100);
    const [sub] = (
      await databases[0]!.db.execute<{ id: string }>(
        sql`SELECT id FROM subscriptions WHERE first_order_id = ${member.orderId}`,
      )
    ).rows;

    now += 30 * DAY + 60_000;
    await Promise.all(
      apps.flatMap((app) => {
        const job = app.scheduler.jobs.find((j) => j.name === 'membership-sweep')!;
        return [app.scheduler.runNow(job, clock()), app.scheduler.runNow(job, clock())];
      }),
    );

    const charges = await databases[1]!.db.execute<{
      amount_cents: number;
      status: string;
      cycle_index: number;
    }>(sql`
      SELECT amount_cents, status, cycle_index FROM renewal_charges WHERE subscription_id = ${sub!.id}`);
    expect(charges.rows.map((r) => [Number(r.cycle_index), r.status])).toEqual([[1, 'succeeded']]);
    const [order] = (
      await databases[1]!.db.execute<{ id: string; total_cents: number; price_cents: number }>(sql`
        SELECT o.id, o.total_cents, o.price_cents FROM orders o JOIN billing_cycles c ON c.order_id = o.id
        WHERE c.subscription_id = ${sub!.id} AND c.cycle_index = 1`)
    ).rows;
    expect(Number(charges.rows[0]!.amount_cents)).toBe(Number(order!.total_cents));
    const tubs = await databases[1]!.db.execute<{ quantity: number; price_cents: number }>(sql`
      SELECT quantity, price_cents FROM order_items WHERE order_id = ${order!.id} AND list_price_cents IS NOT NULL`);
    expect(tubs.rows.map((r) => [Number(r.quantity), Number(r.price_cents)])).toEqual([[2, unit * 2]]);
    // The charge covers the box and the tubs: more than the box alone.
    expect(Number(order!.total_cents)).toBeGreaterThan(Number(order!.price_cents) + unit * 2);
    // One charge at the provider.
    const atProvider = await databases[1]!.db.execute<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM sandbox_objects c WHERE c.kind = 'charge'
        AND c.data->>'payment_intent' IN (
          SELECT provider_payment_intent_id FROM renewal_charges WHERE subscription_id = ${sub!.id})`);
    expect(Number(atProvider.rows[0]!.n)).toBe(1);
    const waiting = await databases[0]!.db.execute(
      sql`SELECT 1 FROM next_box_extras WHERE subscription_id = ${sub!.id}`,
    );
    expect(waiting.rows).toHaveLength(0);
  }, 120_000);
});
