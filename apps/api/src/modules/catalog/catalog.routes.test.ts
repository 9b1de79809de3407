import {
  LACTOSE_RESTRICTION_ID,
  ProductSchema,
  TypeListNames,
  TypeOptionSchema,
  VEGAN_DIET_ID,
} from '@store/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startTestServer, type TestServer } from '../../test/helpers.ts';
import { seedCatalog } from './catalog.seed.ts';
import { memberPriceCents } from './catalog.service.ts';
import { demoBrands, demoProducts } from './demo-catalog.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
  await seedCatalog(server.database.db);
});
afterAll(async () => {
  await server.close();
});

describe('GET /api/Types/{name}', () => {
  it.each(TypeListNames)('answers %s as a non-empty list of options', async (name) => {
    const res = await server.request('GET', `/api/Types/${name}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const options = z.array(TypeOptionSchema.strict()).parse(res.body);
    expect(options.length).toBeGreaterThan(0);
    expect(new Set(options.map((o) => o.id)).size).toBe(options.length);
  });

  it('matches the list name in any case', async () => {
    const lower = await server.request('GET', '/api/types/dietarypreferences');
    const upper = await server.request('GET', '/api/TYPES/DIETARYPREFERENCES');
    expect(lower.status).toBe(200);
    expect(upper.body).toEqual(lower.body);
  });

  it('keeps the fixed ids: vegan is diet 0, the lactose restriction is 2', async () => {
    const diets = await server.request('GET', '/api/Types/DietaryPreferences');
    expect(diets.body.find((o: { id: number }) => o.id === VEGAN_DIET_ID)).toEqual({
      id: 0,
      displayName: 'Vegan',
    });
    const restrictions = await server.request('GET', '/api/Types/Restrictions');
    const lactose = restrictions.body.find((o: { id: number }) => o.id === LACTOSE_RESTRICTION_ID);
    expect(lactose.displayName).toMatch(/lactose/i);
  });

  it('lists the United States among the countries', async () => {
    const res = await server.request('GET', '/api/Types/Countries');
    expect(res.body.map((o: { displayName: string }) => o.displayName)).toContain('United States');
  });

  it('gives every protein brand its logo, and only what the wire shape lists', async () => {
    const res = await server.request('GET', '/api/Types/ProteinBrands');
    expect(res.body).toHaveLength(demoBrands.length);
    for (const brand of res.body) {
      expect(Object.keys(brand).sort()).toEqual(['displayName', 'id', 'img']);
      expect(brand.img).toMatch(/^\/catalog\/brands\/[a-z-]+\.svg$/);
    }
  });

  it('never leaks internal fields of the fixed lists (a restriction knows its allergen)', async () => {
    const res = await server.request('GET', '/api/Types/Restrictions');
    for (const option of res.body) expect(Object.keys(option).sort()).toEqual(['displayName', 'id']);
  });

  it('may be cached by the browser for a few minutes', async () => {
    const res = await server.request('GET', '/api/Types/Flavors');
    expect(res.headers.get('cache-control')).toBe('public, max-age=300');
  });

  it('answers an unknown list with 404', async () => {
    const res = await server.request('GET', '/api/Types/Planets');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error_description: 'That list was not found.', code: 'not_found' });
    expect(res.headers.get('cache-control')).toBe('no-store');
  });
});

describe('GET /api/product/GetItem', () => {
  it('answers a product with prices in dollars and the member price computed on the server', async () => {
    const demo = demoProducts().find((p) => p.id === 1)!;
    const res = await server.request('GET', '/api/product/GetItem?id=1');
    expect(res.status).toBe(200);
    const product = ProductSchema.strict().parse(res.body);
    expect(product.price).toBe(demo.listPriceCents / 100);
    expect(product.discount).toBe(demo.discountPercent);
    expect(product.discountedPrice).toBe(memberPriceCents(demo.listPriceCents, demo.discountPercent) / 100);
    expect(product).toMatchObject({
      id: 1,
      brandText: 'Ironclad Nutrition',
      brandImage: '/catalog/brands/ironclad.svg',
      flavorSubCategoryText: demo.flavor,
      flavorBgImageName: '/catalog/flavors/chocolate.svg',
      image: { originalPath: '/catalog/products/1-tub.svg' },
      sampleImage: { originalPath: '/catalog/products/1-sample.svg' },
      nutritionInfo: { originalPath: '/catalog/nutrition/1.svg' },
      gramsProteinContent: demo.gramsProtein,
      sizeLbs: demo.sizeLbs,
      unlocked: false,
      inStock: true,
    });
    expect(product.suggestedUSe.length).toBeGreaterThan(40);
  });

  it('reads the id key in any case', async () => {
    const res = await server.request('GET', '/api/product/getitem?ID=2');
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(2);
  });

  it('answers 404 for a product that does not exist', async () => {
    const res = await server.request('GET', '/api/product/GetItem?id=999999');
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('not_found');
  });

  it('answers 400 for an id that is not a number, and for none', async () => {
    expect((await server.request('GET', '/api/product/GetItem?id=abc')).status).toBe(400);
    expect((await server.request('GET', '/api/product/GetItem')).status).toBe(400);
    expect((await server.request('GET', '/api/product/GetItem?id=-1')).status).toBe(400);
  });
});

describe('memberPriceCents', () => {
  it('rounds the member price to the cent', () => {
    expect(memberPriceCents(6499, 35)).toBe(4224);
    expect(memberPriceCents(3999, 50)).toBe(2000);
    expect(memberPriceCents(4299, 25)).toBe(3224);
  });
});
