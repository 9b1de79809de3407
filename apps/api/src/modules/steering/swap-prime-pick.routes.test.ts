import { productName } from '@store/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/helpers.ts';
import { seedCatalog } from '../catalog/catalog.seed.ts';
import { type Member, newMember, payOrder, relaxedLimiter } from '../checkout/checkout.test-support.ts';

/*
 * docs/product.md#swapping-a-prime-pick, through HTTP: POST /order/SwapPrimePick on the first box
 * and on the third (reached with the dev clock), each refusal naming the product with its flavor.
 */

const DAY = 24 * 60 * 60 * 1000;
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({}, { limiter: relaxedLimiter() });
  await seedCatalog(server.database.db);
});
afterAll(async () => {
  await server?.close();
});

interface Item {
  id: string;
  productId: number;
  isPrimePick: boolean;
}

async function paidMember(prefix: string): Promise<Member> {
  const m = await newMember(server, prefix);
  await payOrder(server, m, m.orderId, 0);
  return m;
}

async function orderOf(m: Member, orderId: string) {
  const res = await server.request('GET', `/api/order/GetItem?id=${orderId}`, { token: m.token });
  expect(res.status).toBe(200);
  return res.body as { id: string; items: Item[] };
}

async function choices(m: Member, orderId: string): Promise<number[]> {
  const res = await server.request('GET', `/api/order/GetSampleChoices?id=${orderId}`, { token: m.token });
  expect(res.status).toBe(200);
  return (res.body as { id: number }[]).map((p) => p.id);
}

const swap = (m: Member, body: unknown) =>
  server.request('POST', '/api/order/SwapPrimePick', { token: m.token, body });

async function nameOf(productId: number): Promise<string> {
  const rows = await server.database.db.execute<{ title: string; flavor: string }>(
    sql`SELECT title, flavor FROM products WHERE id = ${productId}`,
  );
  return productName(rows.rows[0]!);
}

async function sweepAt(at: Date) {
  const res = await server.request('POST', `/api/dev/sweep?at=${encodeURIComponent(at.toISOString())}`);
  expect(res.status).toBe(200);
}

async function authInfo(m: Member) {
  const res = await server.request('GET', '/api/Account/AuthInfo', { token: m.token });
  return res.body.subscription;
}

describe('POST /order/SwapPrimePick', () => {
  it('replaces a prime pick of the first box with an offered product, answers the order, mails and records it', async () => {
    const m = await paidMember('swap-first');
    const before = await orderOf(m, m.orderId);
    const prime = before.items.filter((i) => i.isPrimePick);
    expect(prime).toHaveLength(2);
    const inBox = new Set(before.items.map((i) => i.productId));
    const target = (await choices(m, m.orderId)).find((id) => !inBox.has(id))!;

    const res = await swap(m, { orderId: m.orderId, orderItemId: prime[0]!.id, productId: target });
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(m.orderId);
    const swapped = (res.body.items as Item[]).find((i) => i.id === prime[0]!.id)!;
    expect(swapped.productId).toBe(target);
    expect(swapped.isPrimePick).toBe(true);
    // Answered as GetItem answers it.
    expect(res.body).toEqual(
      await server
        .request('GET', `/api/order/GetItem?id=${m.orderId}`, { token: m.token })
        .then((r) => r.body),
    );

    const mail = await server.database.db.execute<{ subject: string; text: string }>(
      sql`SELECT subject, text FROM emails WHERE to_address = ${m.email.toLowerCase()} AND kind = 'prime-pick-swapped'`,
    );
    expect(mail.rows).toHaveLength(1);
    expect(mail.rows[0]!.subject).toBe(`Prime pick swapped: ${await nameOf(target)}`);
    const events = await server.database.db.execute<{ kind: string }>(sql`
      SELECT e.kind FROM subscription_events e JOIN subscriptions s ON s.id = e.subscription_id
      WHERE s.first_order_id = ${m.orderId} AND e.kind = 'prime_pick_swapped'`);
    expect(events.rows).toHaveLength(1);
  }, 60_000);

  it('refuses, with 400 naming the product and its flavor, one already in the box, out of stock, or failing a hard filter', async () => {
    const m = await paidMember('swap-refuse');
    const box = await orderOf(m, m.orderId);
    const [first, second] = box.items.filter((i) => i.isPrimePick);
    // The other prime pick: already in the box.
    let res = await swap(m, { orderId: m.orderId, orderItemId: first!.id, productId: second!.productId });
    expect(res.status).toBe(400);
    expect(res.body.error_description).toBe(
      `${await nameOf(second!.productId)} is already in this box. Please choose a product that is not in it yet.`,
    );

    const inBox = new Set(box.items.map((i) => i.productId));
    const offered = (await choices(m, m.orderId)).filter((id) => !inBox.has(id));
    // Out of stock: GetSampleChoices may still have listed it a moment ago.
    const empty = offered[0]!;
    const stock = await server.database.db.execute<{ n: number }>(
      sql`SELECT sample_stock AS n FROM products WHERE id = ${empty}`,
    );
    await server.database.db.execute(sql`UPDATE products SET sample_stock = 0 WHERE id = ${empty}`);
    try {
      res = await swap(m, { orderId: m.orderId, orderItemId: first!.id, productId: empty });
      expect(res.status).toBe(400);
      expect(res.body.error_description).toBe(
        `${await nameOf(empty)} is out of stock right now. Please choose another product.`,
      );
    } finally {
      await server.database.db.execute(
        sql`UPDATE products SET sample_stock = ${Number(stock.rows[0]!.n)} WHERE id = ${empty}`,
      );
    }

    // A hard filter: the member now dislikes the brand of an offered product.
    const disliked = offered[1]!;
    const brand = await server.database.db.execute<{ brand_id: number }>(
      sql`SELECT brand_id FROM products WHERE id = ${disliked}`,
    );
    await server.database.db.execute(
      sql`UPDATE quizzes SET disliked_brands = ARRAY[${Number(brand.rows[0]!.brand_id)}]::int[] WHERE id = ${m.quizId}`,
    );
    res = await swap(m, { orderId: m.orderId, orderItemId: first!.id, productId: disliked });
    expect(res.status).toBe(400);
    expect(res.body.error_description).toBe(
      `${await nameOf(disliked)} is not one of your matches for this box. Please choose one of the products offered.`,
    );
    expect(res.body.fieldErrors.productId).toBe(res.body.error_description);
    // Nothing changed.
    expect((await orderOf(m, m.orderId)).items.map((i) => i.productId).sort()).toEqual(
      box.items.map((i) => i.productId).sort(),
    );
  }, 60_000);

  it("answers 404 for someone else's order or item and for a chosen sample; 400 for a malformed body", async () => {
    const [a, b] = await Promise.all([paidMember('swap-a'), paidMember('swap-b')]);
    const boxA = await orderOf(a, a.orderId);
    const boxB = await orderOf(b, b.orderId);
    const primeA = boxA.items.find((i) => i.isPrimePick)!;
    const primeB = boxB.items.find((i) => i.isPrimePick)!;
    const inBox = new Set(boxA.items.map((i) => i.productId));
    const target = (await choices(a, a.orderId)).find((id) => !inBox.has(id))!;
    // B asks to change A's order.
    let res = await swap(b, { orderId: a.orderId, orderItemId: primeA.id, productId: target });
    expect(res.status).toBe(404);
    // A names B's item on A's own order.
    res = await swap(a, { orderId: a.orderId, orderItemId: primeB.id, productId: target });
    expect(res.status).toBe(404);
    // A chosen sample is not a prime pick.
    await server.request('POST', '/api/order/Save', {
      token: a.token,
      body: { id: a.orderId, items: [{ id: 0, productId: target }] },
    });
    const chosen = (await orderOf(a, a.orderId)).items.find((i) => !i.isPrimePick)!;
    const other = (await choices(a, a.orderId)).find((id) => id !== target && !inBox.has(id))!;
    res = await swap(a, { orderId: a.orderId, orderItemId: chosen.id, productId: other });
    expect(res.status).toBe(404);
    res = await swap(a, { orderId: a.orderId, orderItemId: primeA.id });
    expect(res.status).toBe(400);
    expect(res.body.error_description).toBeTruthy();
    expect((await server.request('POST', '/api/order/SwapPrimePick', { body: {} })).status).toBe(401);
  }, 60_000);

  it('answers 409 after the build deadline (the dev clock moves the box past it)', async () => {
    const m = await paidMember('swap-late');
    const billed = new Date((await authInfo(m)).cycleDates.billedDate).getTime();
    await sweepAt(new Date(billed + 3 * DAY + 60_000));
    const box = await orderOf(m, m.orderId);
    const prime = box.items.find((i) => i.isPrimePick)!;
    const inBox = new Set(box.items.map((i) => i.productId));
    const target = (await choices(m, m.orderId)).find((id) => !inBox.has(id))!;
    const res = await swap(m, { orderId: m.orderId, orderItemId: prime.id, productId: target });
    expect(res.status).toBe(409);
    expect(res.body.error_description).toMatch(/time to build this box has passed/);
  }, 60_000);

  it('on the third box: a product had in the first box is refused; the new pick stays a prime pick when the store fills the box', async () => {
    const m = await paidMember('swap-third');
    const firstBox = await orderOf(m, m.orderId);
    const billed = new Date((await authInfo(m)).cycleDates.billedDate).getTime();
    await sweepAt(new Date(billed + 30 * DAY + 60_000));
    await sweepAt(new Date(billed + 60 * DAY + 120_000));
    const sub = await authInfo(m);
    const third = sub.currentOrderId as string;
    const rows = await server.database.db.execute<{ cycle_index: number }>(
      sql`SELECT cycle_index FROM billing_cycles WHERE order_id = ${third}`,
    );
    expect(Number(rows.rows[0]!.cycle_index)).toBe(2);

    const box = await orderOf(m, third);
    const prime = box.items.filter((i) => i.isPrimePick);
    const had = firstBox.items[0]!.productId;
    let res = await swap(m, { orderId: third, orderItemId: prime[0]!.id, productId: had });
    expect(res.status).toBe(400);
    expect(res.body.error_description).toBe(
      `You already had ${await nameOf(had)} in a box. Please choose a product you have not tried yet.`,
    );

    const inBox = new Set(box.items.map((i) => i.productId));
    const target = (await choices(m, third)).find((id) => !inBox.has(id))!;
    res = await swap(m, { orderId: third, orderItemId: prime[1]!.id, productId: target });
    expect(res.status).toBe(200);
    // After the deadline the store chooses the 2 missing samples; the swapped product stays a prime pick, not chosen twice.
    await sweepAt(new Date(billed + 63 * DAY + 180_000));
    const filled = await orderOf(m, third);
    expect(filled.items).toHaveLength(4);
    expect(new Set(filled.items.map((i) => i.productId)).size).toBe(4);
    expect(filled.items.find((i) => i.productId === target)!.isPrimePick).toBe(true);
  }, 90_000);
});
