import { productName } from '@store/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/helpers.ts';
import { seedCatalog } from '../catalog/catalog.seed.ts';
import { type Member, newMember, payOrder, relaxedLimiter } from '../checkout/checkout.test-support.ts';

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
interface Choice {
  id: number;
  title: string;
  flavorSubCategoryText: string;
  brandName: string;
}

async function choicesFor(member: Pick<Member, 'token'>, orderId: string): Promise<Choice[]> {
  const answer = await server.request('GET', `/api/order/GetSampleChoices?id=${orderId}`, {
    token: member.token,
  });
  expect(answer.status).toBe(200);
  return answer.body;
}

async function itemsOf(member: Pick<Member, 'token'>, orderId: string): Promise<Item[]> {
  const answer = await server.request('GET', `/api/order/GetItem?id=${orderId}`, { token: member.token });
  expect(answer.status).toBe(200);
  return answer.body.items;
}

/** Saves as the web app does: the prime picks echoed with their ids, the chosen samples with id 0. */
async function saveChosen(member: Pick<Member, 'token'>, orderId: string, chosen: number[]) {
  const primePicks = (await itemsOf(member, orderId)).filter((i) => i.isPrimePick);
  return server.request('POST', '/api/order/Save', {
    token: member.token,
    body: {
      id: orderId,
      items: [
        ...primePicks.map((i) => ({ id: i.id, productId: i.productId })),
        ...chosen.map((productId) => ({ id: 0, productId })),
      ],
    },
  });
}

async function productRow(id: number) {
  const result = await server.database.db.execute<{ title: string; flavor: string }>(
    sql`SELECT title, flavor FROM products WHERE id = ${id}`,
  );
  return result.rows[0]!;
}

describe('choosing samples: only products the member has not had in a box, passing their hard filters', () => {
  it("offers the member's matches without the box's prime picks", async () => {
    const member = await newMember(server, 'choices');
    const primePicks = (await itemsOf(member, member.orderId)).map((i) => i.productId);
    const choices = await choicesFor(member, member.orderId);
    expect(choices.length).toBeGreaterThanOrEqual(2);
    for (const productId of primePicks) expect(choices.map((c) => c.id)).not.toContain(productId);
    expect(new Set(choices.map((c) => c.id)).size).toBe(choices.length);
  });

  it('refuses a prime pick chosen again with a 400 that names it with its flavor, and keeps the box as it was', async () => {
    const member = await newMember(server, 'primeagain');
    await payOrder(server, member, member.orderId, 0);
    const [primePick] = (await itemsOf(member, member.orderId)).filter((i) => i.isPrimePick);
    const [other] = await choicesFor(member, member.orderId);
    const refused = await saveChosen(member, member.orderId, [primePick!.productId, other!.id]);
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('validation_failed');
    expect(refused.body.error_description).toBe(
      `${productName(await productRow(primePick!.productId))} is already in this box as a prime pick. Please choose a different sample.`,
    );
    expect(await itemsOf(member, member.orderId)).toHaveLength(2);
    // The same choice sent without the echo of the prime picks is refused the same way.
    const bare = await server.request('POST', '/api/order/Save', {
      token: member.token,
      body: { id: member.orderId, items: [{ productId: primePick!.productId }, { productId: other!.id }] },
    });
    expect(bare.status).toBe(400);
    expect(await itemsOf(member, member.orderId)).toHaveLength(2);
  });

  it('refuses the same sample twice with a 400', async () => {
    const member = await newMember(server, 'twice');
    const [one] = await choicesFor(member, member.orderId);
    const refused = await saveChosen(member, member.orderId, [one!.id, one!.id]);
    expect(refused.status).toBe(400);
    expect(refused.body.error_description).toBe('Please choose 2 different samples.');
  });

  it('never offers, and refuses, a product from a disliked brand (a hard filter)', async () => {
    const member = await newMember(server, 'disliked');
    const [first] = await choicesFor(member, member.orderId);
    const brand = await server.database.db.execute<{ brand_id: number }>(
      sql`SELECT brand_id FROM products WHERE id = ${first!.id}`,
    );
    const brandId = Number(brand.rows[0]!.brand_id);
    await server.database.db.execute(
      sql`UPDATE quizzes SET disliked_brands = ARRAY[${brandId}]::integer[] WHERE id = ${member.quizId}`,
    );
    const choices = await choicesFor(member, member.orderId);
    expect(choices.map((c) => c.id)).not.toContain(first!.id);
    const refused = await saveChosen(member, member.orderId, [first!.id]);
    expect(refused.status).toBe(400);
    expect(refused.body.error_description).toContain(productName(await productRow(first!.id)));
  });

  it("in the next cycle's box, never offers and refuses what the member had in an earlier box", async () => {
    const member = await newMember(server, 'nextbox');
    await payOrder(server, member, member.orderId, 0);
    const offered = await choicesFor(member, member.orderId);
    const chosen = offered.slice(0, 2).map((c) => c.id);
    expect((await saveChosen(member, member.orderId, chosen)).status).toBe(200);
    const firstBox = (await itemsOf(member, member.orderId)).map((i) => i.productId);
    expect(firstBox).toHaveLength(4);

    const renewal = await server.request(
      'POST',
      `/api/dev/sweep?at=${encodeURIComponent(new Date(Date.now() + 31 * DAY).toISOString())}`,
    );
    expect(renewal.body.renewed).toBeGreaterThanOrEqual(1);
    const info = await server.request('GET', '/api/Account/AuthInfo', { token: member.token });
    const nextOrderId = info.body.subscription.currentOrderId as string;
    expect(nextOrderId).not.toBe(member.orderId);

    const next = await choicesFor(member, nextOrderId);
    expect(next.length).toBeGreaterThanOrEqual(2);
    for (const productId of firstBox) expect(next.map((c) => c.id)).not.toContain(productId);

    const refused = await saveChosen(member, nextOrderId, [firstBox[2]!, next[0]!.id]);
    expect(refused.status).toBe(400);
    expect(refused.body.error_description).toBe(
      `You already had ${productName(await productRow(firstBox[2]!))} in a box. Please choose a product you have not tried yet.`,
    );
    const ok = await saveChosen(member, nextOrderId, [next[0]!.id, next[1]!.id]);
    expect(ok.status).toBe(200);
    expect(ok.body.items).toHaveLength(4);
  }, 60_000);

  it("answers another member's order as a missing one and needs a session", async () => {
    const owner = await newMember(server, 'owner');
    const other = await newMember(server, 'other');
    const theirs = await server.request('GET', `/api/order/GetSampleChoices?id=${owner.orderId}`, {
      token: other.token,
    });
    expect(theirs.status).toBe(404);
    expect(theirs.body.code).toBe('not_found');
    expect((await server.request('GET', `/api/order/GetSampleChoices?id=${owner.orderId}`)).status).toBe(401);
  });
});
