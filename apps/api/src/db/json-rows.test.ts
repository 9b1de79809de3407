import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identities, identityImages } from '../modules/accounts/accounts.table.ts';
import { seedCatalog } from '../modules/catalog/catalog.seed.ts';
import { products } from '../modules/catalog/catalog.table.ts';
import { newMember, payOrder, relaxedLimiter } from '../modules/checkout/checkout.test-support.ts';
import { billingCycles, subscriptions } from '../modules/subscriptions/subscriptions.table.ts';
import { startTestServer, type TestServer } from '../test/helpers.ts';
import { fromJsonRow, jsonRow } from './json-rows.ts';

describe('a whole row read as one JSON value', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({}, { limiter: relaxedLimiter() });
    await seedCatalog(server.database.db);
    const member = await newMember(server, 'json');
    await payOrder(server, member, member.orderId);
    // Values whose text and JSON forms differ most: microseconds, an array of awkward strings,
    // a jsonb object, empty strings and nulls.
    await server.database.db.insert(identities).values({
      id: randomUUID(),
      email: 'odd@example.com',
      passwordHash: null,
      emailVerifiedAt: new Date('2027-01-02T03:04:05.678Z'),
      firstName: '',
      lastName: 'O"Brien, {jr}',
      age: 18,
      referralCode: 'ODD1',
      permissions: ['admin', 'a,b', 'quote"d', '', 'NULL'],
      shippingAddress: {
        street1: '1 Main St',
        street2: null,
        city: 'Austin',
        state: 'TX',
        postalCode: '78701',
      },
    });
    await server.database.db.execute(
      sql`UPDATE identities SET created_at = '2027-01-02 03:04:05.123456+00' WHERE email = 'odd@example.com'`,
    );
  }, 60_000);
  afterAll(() => server?.close());

  async function sameAsColumns(table: PgTable) {
    const db = server.database.db;
    const byColumns = await db.select().from(table).orderBy(sql`1`);
    const byJson = await db
      .select({ row: jsonRow(table) })
      .from(table)
      .orderBy(sql`${sql.identifier('id')}`);
    const decode = fromJsonRow(table);
    expect(byColumns.length).toBeGreaterThan(0);
    expect(byJson.map((r) => decode(r.row))).toEqual(byColumns);
  }

  it("answers the identities, memberships, cycles and products exactly as Drizzle's column read does", async () => {
    await sameAsColumns(products);
    await sameAsColumns(identities);
    await sameAsColumns(subscriptions);
    await sameAsColumns(billingCycles);
  });

  it("answers null for an outer join's missing row", async () => {
    const [row] = await server.database.db
      .select({ subscription: jsonRow(subscriptions) })
      .from(identities)
      .leftJoin(subscriptions, sql`${subscriptions.identityId} = ${identities.id}`)
      .where(sql`${identities.email} = 'odd@example.com'`);
    expect(row).toBeDefined();
    expect(fromJsonRow(subscriptions)(row!.subscription)).toBeNull();
  });

  it('refuses a table with a column kind it does not know how to read from JSON', () => {
    expect(() => fromJsonRow(identityImages)).toThrow(/not read from JSON/);
  });
});
