import { ShopProductsSchema } from '@store/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/helpers.ts';
import { seedCatalog } from '../catalog/catalog.seed.ts';
import { payOrder, relaxedLimiter } from '../checkout/checkout.test-support.ts';
import { orderProductIds, quizMember } from './shop.test-support.ts';

// Paid on January 20th: the next box (every 30 days) is billed on February 19th.
const now = Date.parse('2027-01-20T15:00:00.000Z');
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({}, { limiter: relaxedLimiter(), clock: () => new Date(now) });
  await seedCatalog(server.database.db);
});
afterAll(async () => {
  await server?.close();
});

const shop = (token?: string) =>
  server.request('GET', '/api/product/GetShopProducts', token ? { token } : {});

const ids = (products: { id: number }[]) => products.map((p) => p.id);

async function allergensOf(productIds: number[]) {
  const result = await server.database.db.execute<{ id: number; allergens: string[]; protein_type: string }>(
    sql`SELECT id, allergens, protein_type FROM products WHERE id = ANY(${`{${productIds.join(',')}}`}::int[])`,
  );
  return result.rows;
}

describe('GET /api/product/GetShopProducts', () => {
  it('B4: answers 401 to a visitor without a session', async () => {
    const res = await shop();
    expect(res.status).toBe(401);
    expect(res.body.error_description).toBeTruthy();
  });

  it('unlocks exactly the products of the paid first box, at member prices; the rest are locked with the next box month', async () => {
    const member = await quizMember(server);
    await payOrder(server, member, member.orderId);
    const boxProducts = await orderProductIds(server, member.orderId);
    expect(boxProducts.length).toBeGreaterThanOrEqual(2);

    const res = await shop(member.token);
    expect(res.status).toBe(200);
    const body = ShopProductsSchema.parse(res.body);
    expect(ids(body.subscribedToProducts).sort((a, b) => a - b)).toEqual(boxProducts);
    expect(body.subscribedToProducts.every((p) => p.unlocked)).toBe(true);
    expect(body.productsToUnlock.length).toBeGreaterThan(0);
    expect(body.productsToUnlock.every((p) => !p.unlocked)).toBe(true);
    expect(ids(body.productsToUnlock).some((id) => boxProducts.includes(id))).toBe(false);
    expect(body.nextBoxMonth).toBe('February');
    expect(body.nextBoxDate).toBe('2027-02-19T15:00:00.000Z');

    // Member prices computed on the server: list price less the discount, to the cent.
    const [first] = body.subscribedToProducts;
    const row = await server.database.db.execute<{ list_price_cents: number; discount_percent: number }>(
      sql`SELECT list_price_cents, discount_percent FROM products WHERE id = ${first!.id}`,
    );
    const { list_price_cents, discount_percent } = row.rows[0]!;
    expect(first!.price).toBe(list_price_cents / 100);
    expect(first!.discount).toBe(discount_percent);
    expect(first!.discountedPrice).toBe(Math.round(list_price_cents * (1 - discount_percent / 100)) / 100);
  });

  it("B2: another member's paid box does not unlock products for me; an unpaid draft unlocks nothing", async () => {
    const payer = await quizMember(server, { prefix: 'payer' });
    await payOrder(server, payer, payer.orderId);
    const unpaid = await quizMember(server, { prefix: 'unpaid' });

    const res = await shop(unpaid.token);
    expect(res.status).toBe(200);
    expect(res.body.subscribedToProducts).toEqual([]);
    const locked = ids(res.body.productsToUnlock);
    for (const id of await orderProductIds(server, payer.orderId)) expect(locked).toContain(id);
  });

  it('a signed-in user without a membership gets an empty unlocked list and "next box"', async () => {
    const visitor = await quizMember(server, { prefix: 'nonmember' });
    const res = await shop(visitor.token);
    expect(res.status).toBe(200);
    expect(res.body.subscribedToProducts).toEqual([]);
    expect(res.body.nextBoxMonth).toBe('next box');
    expect(res.body.nextBoxDate).toBeNull();
  });

  it("honours the member's restrictions: a vegan with a peanut restriction sees no animal protein, milk, egg or peanut", async () => {
    const everyone = await quizMember(server, { prefix: 'omnivore' });
    const all = ids((await shop(everyone.token)).body.productsToUnlock);
    // Vegan (diet 0) and the peanut allergy (restriction 3).
    const vegan = await quizMember(server, {
      prefix: 'vegan',
      answers: { dietaryPreferences: [0], dietaryRestrictions: [3] },
    });
    const res = await shop(vegan.token);
    expect(res.status).toBe(200);
    const shown = ids(res.body.productsToUnlock);
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.length).toBeLessThan(all.length);
    for (const row of await allergensOf(shown)) {
      expect(row.allergens).not.toContain('Milk');
      expect(row.allergens).not.toContain('Egg');
      expect(row.allergens).not.toContain('Peanuts');
      expect(['whey', 'isolate', 'casein', 'blend']).not.toContain(row.protein_type);
    }
    // What is hidden is hidden for a reason.
    const hidden = all.filter((id) => !shown.includes(id));
    for (const row of await allergensOf(hidden)) {
      const animal = ['whey', 'isolate', 'casein', 'blend'].includes(row.protein_type);
      const allergen = ['Milk', 'Egg', 'Peanuts'].some((a) => row.allergens.includes(a));
      expect(animal || allergen).toBe(true);
    }
  });

  it('leaves out archived products and the products of archived brands, locked or unlocked', async () => {
    const member = await quizMember(server, { prefix: 'archive' });
    await payOrder(server, member, member.orderId);
    const before = (await shop(member.token)).body;
    const unlockedId = before.subscribedToProducts[0].id as number;
    const lockedBrand = before.productsToUnlock.find(
      (p: { brandName: string }) =>
        !before.subscribedToProducts.some((u: { brandName: string }) => u.brandName === p.brandName),
    );
    expect(lockedBrand).toBeDefined();
    await server.database.db.execute(sql`UPDATE products SET is_active = false WHERE id = ${unlockedId}`);
    await server.database.db.execute(
      sql`UPDATE brands SET is_active = false WHERE name = ${lockedBrand.brandName}`,
    );
    try {
      const after = (await shop(member.token)).body;
      expect(ids(after.subscribedToProducts)).not.toContain(unlockedId);
      const names = [...after.subscribedToProducts, ...after.productsToUnlock].map(
        (p: { brandName: string }) => p.brandName,
      );
      expect(names).not.toContain(lockedBrand.brandName);
    } finally {
      await server.database.db.execute(sql`UPDATE products SET is_active = true WHERE id = ${unlockedId}`);
      await server.database.db.execute(
        sql`UPDATE brands SET is_active = true WHERE name = ${lockedBrand.brandName}`,
      );
    }
  });

  it('shows a price edit at once (the catalog answers are cached only while the catalog is unchanged)', async () => {
    const member = await quizMember(server, { prefix: 'price' });
    const before = (await shop(member.token)).body;
    const product = before.productsToUnlock[0];
    await server.database.db.execute(
      sql`UPDATE products SET list_price_cents = list_price_cents + 100, updated_at = now() WHERE id = ${product.id}`,
    );
    try {
      const after = (await shop(member.token)).body;
      const edited = after.productsToUnlock.find((p: { id: number }) => p.id === product.id);
      expect(edited.price).toBeCloseTo(product.price + 1, 2);
    } finally {
      await server.database.db.execute(
        sql`UPDATE products SET list_price_cents = list_price_cents - 100, updated_at = now() WHERE id = ${product.id}`,
      );
    }
  });
});
