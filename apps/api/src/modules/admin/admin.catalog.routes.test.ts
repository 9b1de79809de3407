import { readdirSync } from 'node:fs';
import path from 'node:path';
import { AdminProductSchema, ProductSchema } from '@store/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AdminTestServer,
  productInput,
  startAdminTestServer,
  TINY_PNG_BASE64,
} from './admin.test-support.ts';

let t: AdminTestServer;

beforeAll(async () => {
  t = await startAdminTestServer();
});
afterAll(async () => {
  await t?.close();
});

const asAdmin = (method: string, path: string, body?: unknown) =>
  t.server.request(method, path, { token: t.adminToken, body });

async function createProduct(overrides: Parameters<typeof productInput>[0] = {}) {
  const res = await asAdmin('POST', '/api/admin/products', productInput(overrides));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return AdminProductSchema.parse(res.body);
}

async function createBrand(name: string) {
  const res = await asAdmin('POST', '/api/admin/brands', { name, logoPath: '/catalog/brands/ironclad.svg' });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: number; name: string; slug: string; isActive: boolean };
}

async function auditRowsFor(entityType: string, entityId: string) {
  const result = await t.server.database.db.execute<{
    action: string;
    actor_email: string;
    before: unknown;
    after: unknown;
  }>(
    sql`SELECT action, actor_email, before, after FROM audit_log
        WHERE entity_type = ${entityType} AND entity_id = ${entityId} ORDER BY id`,
  );
  return result.rows;
}

const brandNames = async () =>
  ((await t.server.request('GET', '/api/Types/ProteinBrands')).body as Array<{ displayName: string }>).map(
    (b) => b.displayName,
  );

describe('GET /api/admin/products', () => {
  it('pages on the server and counts every match', async () => {
    const first = await asAdmin('GET', '/api/admin/products?pageSize=5');
    const second = await asAdmin('GET', '/api/admin/products?pageSize=5&page=2');
    expect(first.status).toBe(200);
    expect(first.body.items).toHaveLength(5);
    expect(first.body.total).toBeGreaterThanOrEqual(40);
    expect(first.body).toMatchObject({ page: 1, pageSize: 5 });
    const ids = new Set([...first.body.items, ...second.body.items].map((p: { id: number }) => p.id));
    expect(ids.size).toBe(10);
  });

  it('sorts by price either way', async () => {
    const res = await asAdmin('GET', '/api/admin/products?sort=price&order=desc&pageSize=100');
    const prices = res.body.items.map((p: { listPriceCents: number }) => p.listPriceCents);
    expect(prices).toEqual([...prices].sort((a: number, b: number) => b - a));
    const asc = await asAdmin('GET', '/api/admin/products?sort=price&order=asc&pageSize=1');
    expect(asc.body.items[0].listPriceCents).toBe(Math.min(...prices));
  });

  it('searches title, flavor and brand name, any case, with % and _ taken literally', async () => {
    const byBrand = await asAdmin('GET', '/api/admin/products?q=velvet%20SCOOP&pageSize=100');
    expect(byBrand.body.total).toBeGreaterThan(0);
    for (const p of byBrand.body.items) expect(p.brandName).toBe('Velvet Scoop');
    const byFlavor = await asAdmin('GET', '/api/admin/products?q=chocolate&pageSize=100');
    expect(byFlavor.body.total).toBeGreaterThan(0);
    const percent = await asAdmin('GET', '/api/admin/products?q=100%25&pageSize=100');
    expect(percent.body.total).toBeGreaterThan(0);
    for (const p of percent.body.items) expect(p.title).toContain('100%');
    // As a wildcard, "1%y" would match "100% Whey"; taken literally it matches nothing.
    expect((await asAdmin('GET', '/api/admin/products?q=1%25y')).body.total).toBe(0);
    expect((await asAdmin('GET', '/api/admin/products?q=_')).body.total).toBe(0);
  });

  it.each([
    ['an unknown sort', 'sort=password'],
    ['a page size over 100', 'pageSize=101'],
    ['page 0', 'page=0'],
    ['an unknown status', 'status=deleted'],
    ['an unknown parameter', 'limit=5'],
  ])('refuses %s with 400', async (_name, query) => {
    const res = await asAdmin('GET', `/api/admin/products?${query}`);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('validation_failed');
  });
});

describe('POST /api/admin/products', () => {
  it('creates a product the shop serves at once, with an id above the demo catalog, and records it', async () => {
    const product = await createProduct({ title: 'Admin Test Whey' });
    expect(product.id).toBeGreaterThanOrEqual(10001);
    expect(product).toMatchObject({
      title: 'Admin Test Whey',
      brandName: 'Ironclad Nutrition',
      isActive: true,
    });
    expect(product.memberPriceCents).toBe(3009);
    const shop = await t.server.request('GET', `/api/product/GetItem?id=${product.id}`);
    expect(shop.status).toBe(200);
    expect(ProductSchema.parse(shop.body)).toMatchObject({
      title: 'Admin Test Whey',
      price: 42.99,
      discount: 30,
      discountedPrice: 30.09,
      flavorSubCategoryText: 'Cinnamon Roll',
      allergens: ['Milk'],
      inStock: true,
    });
    const rows = await auditRowsFor('product', String(product.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: 'product.create', actor_email: t.admin.email, before: null });
    expect(rows[0]!.after).toMatchObject({ id: product.id, title: 'Admin Test Whey', listPriceCents: 4299 });
  });

  it('stores markup in a title as text and answers it unchanged (F4)', async () => {
    const title = '<img src=x onerror=alert(1)></script>';
    const product = await createProduct({ title });
    expect(product.title).toBe(title);
    const shop = await t.server.request('GET', `/api/product/GetItem?id=${product.id}`);
    expect(shop.body.title).toBe(title);
    expect(shop.headers.get('content-type')).toMatch(/^application\/json/);
  });

  const bad: Array<[string, Record<string, unknown>, string]> = [
    ['61 g of protein', { gramsProtein: 61 }, 'gramsProtein'],
    ['0 g of protein', { gramsProtein: 0 }, 'gramsProtein'],
    ['a price of 0', { listPriceCents: 0 }, 'listPriceCents'],
    ['a price in dollars with cents', { listPriceCents: 42.99 }, 'listPriceCents'],
    ['a 24% discount', { discountPercent: 24 }, 'discountPercent'],
    ['a 51% discount', { discountPercent: 51 }, 'discountPercent'],
    ['negative stock', { sampleStock: -1 }, 'sampleStock'],
    ['a flavor not in Flavors', { flavorIds: [99] }, 'flavorIds'],
    ['no flavor', { flavorIds: [] }, 'flavorIds'],
    ['a texture not in Textures', { textureId: 42 }, 'textureId'],
    ['an unknown protein type', { proteinType: 'collagen' }, 'proteinType'],
    ['an unknown allergen', { allergens: ['Gluten'] }, 'allergens.0'],
    ['an unknown diet', { diets: ['Paleo'] }, 'diets.0'],
    ['vegan whey', { diets: ['Vegan'] }, 'diets'],
    ['lactose-free with milk', { diets: ['Lactose-free'] }, 'diets'],
    [
      'keto with 10 g of net carbs',
      { diets: ['Keto'], nutrition: { ...productInput().nutrition, totalCarbsG: 10 } },
      'diets',
    ],
    ['fiber above carbs', { nutrition: { ...productInput().nutrition, fiberG: 9 } }, 'nutrition.fiberG'],
    ['a brand that does not exist', { brandId: 999 }, 'brandId'],
    ['a javascript: image', { tubImagePath: 'javascript:alert(1)' }, 'tubImagePath'],
    ['an image on another site', { sampleImagePath: 'https://evil.example/a.png' }, 'sampleImagePath'],
    [
      'an uploaded SVG path',
      { nutritionImagePath: '/api/uploads/tub-0123456789abcdef0123456789abcdef.svg' },
      'nutritionImagePath',
    ],
    ['an empty title', { title: '  ' }, 'title'],
    ['an id (mass assignment)', { id: 5 }, '_'],
    ['isActive (mass assignment)', { isActive: false }, '_'],
  ];
  it.each(bad)('refuses %s with 400 and a message for the field', async (_name, overrides, field) => {
    const before = await t.server.database.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM products`,
    );
    const res = await asAdmin('POST', '/api/admin/products', { ...productInput(), ...overrides });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('validation_failed');
    expect(Object.keys(res.body.fieldErrors ?? {})).toContain(field);
    const after = await t.server.database.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM products`,
    );
    expect(after.rows[0]!.n).toBe(before.rows[0]!.n);
  });

  it('refuses a product for an archived brand', async () => {
    const brand = await createBrand('Dormant Labs');
    expect((await asAdmin('POST', `/api/admin/brands/${brand.id}/archive`)).status).toBe(200);
    const res = await asAdmin('POST', '/api/admin/products', productInput({ brandId: brand.id }));
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors.brandId).toMatch(/archived/);
  });
});

describe('PUT /api/admin/products/{id}', () => {
  it('changes price and discount, and GetItem and the quiz answer the new ones at once', async () => {
    const product = await createProduct({ title: 'Repriced Whey' });
    await t.server.request('GET', `/api/product/GetItem?id=${product.id}`);
    const res = await asAdmin('PUT', `/api/admin/products/${product.id}`, {
      ...productInput({ title: 'Repriced Whey' }),
      listPriceCents: 5000,
      discountPercent: 50,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ listPriceCents: 5000, discountPercent: 50, memberPriceCents: 2500 });
    const shop = await t.server.request('GET', `/api/product/GetItem?id=${product.id}`);
    expect(shop.body).toMatchObject({ price: 50, discount: 50, discountedPrice: 25 });
    const options = await t.server.request('GET', '/api/product/GetPersonalizedOptions', {
      token: t.customer.token,
    });
    expect(options.status).toBe(200);
    expect(options.body.find((p: { id: number }) => p.id === product.id)).toMatchObject({ price: 50 });
    const [, update] = await auditRowsFor('product', String(product.id));
    expect(update).toMatchObject({ action: 'product.update' });
    expect(update!.before).toMatchObject({ listPriceCents: 4299, discountPercent: 30 });
    expect(update!.after).toMatchObject({ listPriceCents: 5000, discountPercent: 50 });
  });

  it('keeps the label facts the form does not edit', async () => {
    const demo = await asAdmin('GET', '/api/admin/products/1');
    const { id: _id, brandName: _b, memberPriceCents: _m, isActive: _a, updatedAt: _u, ...input } = demo.body;
    expect((await asAdmin('PUT', '/api/admin/products/1', { ...input, discountPercent: 26 })).status).toBe(
      200,
    );
    const stored = await t.server.database.db.execute<{ nutrition: { sodiumMg: number; proteinG: number } }>(
      sql`SELECT nutrition FROM products WHERE id = 1`,
    );
    expect(stored.rows[0]!.nutrition.sodiumMg).toBeGreaterThan(0);
    expect(stored.rows[0]!.nutrition.proteinG).toBe(input.gramsProtein);
  });

  it('answers 404 for a product that does not exist and 400 for a bad id', async () => {
    expect((await asAdmin('PUT', '/api/admin/products/987654', productInput())).status).toBe(404);
    expect((await asAdmin('GET', '/api/admin/products/987654')).status).toBe(404);
    expect((await asAdmin('GET', '/api/admin/products/abc')).status).toBe(400);
  });
});

describe('archiving a product', () => {
  it('takes it out of GetItem and matching, brings it back, and records each change once', async () => {
    const product = await createProduct({ title: 'Seasonal Whey' });
    const options = async () =>
      (
        await t.server.request('GET', '/api/product/GetPersonalizedOptions', { token: t.customer.token })
      ).body.map((p: { id: number }) => p.id);
    expect(await options()).toContain(product.id);

    const archived = await asAdmin('POST', `/api/admin/products/${product.id}/archive`);
    expect(archived.body.isActive).toBe(false);
    expect((await asAdmin('POST', `/api/admin/products/${product.id}/archive`)).status).toBe(200);
    expect((await t.server.request('GET', `/api/product/GetItem?id=${product.id}`)).status).toBe(404);
    expect(await options()).not.toContain(product.id);
    const archivedList = await asAdmin('GET', '/api/admin/products?status=archived&pageSize=100');
    expect(archivedList.body.items.map((p: { id: number }) => p.id)).toContain(product.id);

    expect((await asAdmin('POST', `/api/admin/products/${product.id}/unarchive`)).body.isActive).toBe(true);
    expect((await t.server.request('GET', `/api/product/GetItem?id=${product.id}`)).status).toBe(200);
    expect((await auditRowsFor('product', String(product.id))).map((r) => r.action)).toEqual([
      'product.create',
      'product.archive',
      'product.unarchive',
    ]);
  });
});

describe('a new product in matching', () => {
  it('is ranked for a quiz that likes its brand and flavor', async () => {
    const brand = await createBrand('Quiz Test Nutrition');
    const product = await createProduct({ brandId: brand.id, title: 'Matchable Whey' });
    const quiz = await t.server.request('POST', '/api/theQuiz/TakeQuiz', {
      token: t.customer.token,
      body: {
        exerciseTypes: [0],
        exerciseFrequency: 2,
        fitnessGoals: [0],
        lifestylePerformanceGoals: [],
        dietaryPreferences: [],
        dietaryRestrictions: [],
        flavors: [8, 9, 10, 12],
        textures: [],
        usedProteinBefore: true,
        proteinMixes: [1],
        brandUsages: [brand.id],
        dislikedBrands: [],
      },
    });
    expect(quiz.status, JSON.stringify(quiz.body)).toBe(200);
    const matches = await t.server.request('GET', `/api/product/GetQuizProducts?quizId=${quiz.body.id}`, {
      token: t.customer.token,
    });
    expect(matches.status).toBe(200);
    expect(matches.body[0]).toMatchObject({ id: product.id, title: 'Matchable Whey' });
    expect(matches.body[0].reason).toMatch(/Quiz Test Nutrition/);
  });
});

describe('brands', () => {
  it('a new brand is in GET /Types/ProteinBrands at once, though the list was just read', async () => {
    await brandNames();
    const brand = await createBrand('Fresh Brand Co.');
    expect(brand).toMatchObject({ slug: 'fresh-brand-co', isActive: true });
    expect(brand.id).toBeGreaterThanOrEqual(1001);
    expect(await brandNames()).toContain('Fresh Brand Co.');

    const renamed = await asAdmin('PUT', `/api/admin/brands/${brand.id}`, {
      name: 'Fresher Brand Co.',
      logoPath: '/catalog/brands/moonrise.svg',
    });
    expect(renamed.status).toBe(200);
    expect(await brandNames()).toContain('Fresher Brand Co.');
    expect(await brandNames()).not.toContain('Fresh Brand Co.');
  });

  it('refuses a second brand with the same name in another case', async () => {
    const res = await asAdmin('POST', '/api/admin/brands', {
      name: 'IRONCLAD NUTRITION',
      logoPath: '/catalog/brands/ironclad.svg',
    });
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors.name).toMatch(/already/);
  });

  it('keeps a brand with active products, and archives an empty one out of the quiz list', async () => {
    const busy = await asAdmin('POST', '/api/admin/brands/2/archive');
    expect(busy.status).toBe(409);
    expect(busy.body.error_description).toMatch(/active products?\. Archive them first/);

    const empty = await createBrand('Short Lived');
    expect((await asAdmin('POST', `/api/admin/brands/${empty.id}/archive`)).body.isActive).toBe(false);
    expect(await brandNames()).not.toContain('Short Lived');
    // An answer that names an archived brand stays valid: the quiz still knows its id.
    const quiz = await t.server.request('POST', '/api/theQuiz/TakeQuiz', {
      token: t.customer.token,
      body: { flavors: [0, 1, 2, 3], brandUsages: [empty.id] },
    });
    expect(quiz.status).toBe(200);
    expect((await asAdmin('POST', `/api/admin/brands/${empty.id}/unarchive`)).body.isActive).toBe(true);
    expect(await brandNames()).toContain('Short Lived');
  });

  it('lists brands paged and sorted by their active products', async () => {
    const res = await asAdmin('GET', '/api/admin/brands?sort=products&order=desc&pageSize=3');
    expect(res.status).toBe(200);
    expect(res.body.items).toHaveLength(3);
    const counts = res.body.items.map((b: { activeProducts: number }) => b.activeProducts);
    expect(counts).toEqual([...counts].sort((a: number, b: number) => b - a));
    const search = await asAdmin('GET', '/api/admin/brands?q=verdant');
    expect(search.body.items.map((b: { name: string }) => b.name)).toEqual(['Verdant Roots']);
  });

  it('offers the product form its flavors, textures and brands', async () => {
    const res = await asAdmin('GET', '/api/admin/catalog/options');
    expect(res.status).toBe(200);
    expect(res.body.flavors.length).toBe(13);
    expect(res.body.textures.length).toBe(5);
    expect(res.body.brands.length).toBeGreaterThanOrEqual(9);
  });
});

describe('POST /api/admin/uploads', () => {
  it('stores a PNG under DATA_DIR/uploads and serves it as an image with nosniff', async () => {
    const res = await asAdmin('POST', '/api/admin/uploads', {
      kind: 'tub',
      image: `data:image/png;base64,${TINY_PNG_BASE64}`,
    });
    expect(res.status).toBe(201);
    expect(res.body.path).toMatch(/^\/api\/uploads\/tub-[a-f0-9]{32}\.png$/);
    expect(readdirSync(path.join(t.server.config.dataDir, 'uploads'))).toContain(
      res.body.path.split('/').at(-1),
    );
    const image = await fetch(`${t.server.baseUrl}${res.body.path}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(image.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await image.arrayBuffer()).equals(Buffer.from(TINY_PNG_BASE64, 'base64'))).toBe(true);

    const product = await createProduct({ tubImagePath: res.body.path });
    const shop = await t.server.request('GET', `/api/product/GetItem?id=${product.id}`);
    expect(shop.body.image.originalPath).toBe(res.body.path);
    const [row] = await auditRowsFor('upload', res.body.path.split('/').at(-1));
    expect(row).toMatchObject({ action: 'upload.create' });
  });

  it('reads the type from the bytes: a PNG label on a JPEG is stored as .jpg', async () => {
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1]);
    const res = await asAdmin('POST', '/api/admin/uploads', {
      kind: 'logo',
      image: `data:image/png;base64,${jpeg.toString('base64')}`,
    });
    expect(res.status).toBe(201);
    expect(res.body.path).toMatch(/\.jpg$/);
  });

  it.each([
    [
      'an SVG',
      `data:image/svg+xml;base64,${Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>').toString('base64')}`,
    ],
    [
      'HTML called a PNG',
      `data:image/png;base64,${Buffer.from('<html><script>alert(1)</script></html>').toString('base64')}`,
    ],
    ['text that is not base64', 'data:image/png;base64,***'],
  ])('refuses %s with 400', async (_name, image) => {
    const res = await asAdmin('POST', '/api/admin/uploads', { kind: 'sample', image });
    expect(res.status).toBe(400);
  });

  it('refuses an image over 2 MB with 413', async () => {
    const big = Buffer.alloc(2 * 1024 * 1024 + 10);
    Buffer.from(TINY_PNG_BASE64, 'base64').copy(big);
    const res = await asAdmin('POST', '/api/admin/uploads', {
      kind: 'tub',
      image: `data:image/png;base64,${big.toString('base64')}`,
    });
    expect(res.status).toBe(413);
  });

  it('serves only upload names: other paths are 404', async () => {
    for (const name of [
      '..%2F..%2Fsecrets.json',
      'secrets.json',
      'tub-0123456789abcdef0123456789abcdef.png',
    ]) {
      expect((await fetch(`${t.server.baseUrl}/api/uploads/${name}`)).status).toBe(404);
    }
  });
});
