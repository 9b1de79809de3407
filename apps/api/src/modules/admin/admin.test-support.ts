import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AdminProductInput } from '@store/contracts';
import { startTestServer, type TestServer } from '../../test/helpers.ts';
import { DEMO_ADMIN, seedAdmin } from '../accounts/accounts.seed.ts';
import { relaxedLimiter, signUpVerified } from '../accounts/accounts.test-support.ts';
import { seedCatalog } from '../catalog/catalog.seed.ts';

/** A 1x1 PNG, the smallest real image the upload accepts. */
export const TINY_PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

export interface AdminTestServer {
  server: TestServer;
  /** The demo operator's access token. */
  adminToken: string;
  admin: { id: string; email: string };
  /** A verified customer without the admin permission. */
  customer: { identityId: string; token: string };
  close(): Promise<void>;
}

/** The app on a fresh database with the demo catalog, the demo operator and one customer. */
export async function startAdminTestServer(): Promise<AdminTestServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'admin-test-'));
  const server = await startTestServer({ dataDir }, { limiter: relaxedLimiter() });
  await seedCatalog(server.database.db);
  await seedAdmin(server.database.db);
  const login = await server.request('POST', '/api/User/Login', {
    body: { emailAddress: DEMO_ADMIN.email, password: DEMO_ADMIN.password },
  });
  if (login.status !== 200) throw new Error(`operator login failed: ${login.status}`);
  const info = await server.request('GET', '/api/Account/AuthInfo', { token: login.body.token });
  const customer = await signUpVerified(server, `customer-${Date.now()}@example.com`);
  return {
    server,
    adminToken: login.body.token,
    admin: { id: info.body.identity.id, email: DEMO_ADMIN.email },
    customer,
    async close() {
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A product an operator could save: whey, cinnamon, demo brand 1, demo images. */
export function productInput(overrides: Partial<AdminProductInput> = {}): AdminProductInput {
  return {
    brandId: 1,
    title: 'Cinnamon Roll Whey',
    flavor: 'Cinnamon Roll',
    flavorIds: [8],
    proteinType: 'whey',
    textureId: 0,
    allergens: ['Milk'],
    diets: ['Vegetarian', 'Gluten-free', 'Low carb'],
    gramsProtein: 25,
    sizeLbs: 2,
    description: 'Warm cinnamon and brown sugar, like the bakery roll.',
    suggestedUse: 'Shake 1 scoop with 8-10 oz of cold milk.',
    nutrition: {
      servingSizeG: 32,
      calories: 120,
      totalFatG: 1.5,
      totalCarbsG: 4,
      fiberG: 0,
      totalSugarsG: 2,
      ingredients: 'Whey protein concentrate (milk), ground cinnamon, natural flavors, salt',
    },
    listPriceCents: 4299,
    discountPercent: 30,
    sampleStock: 100,
    tubStock: 20,
    tubImagePath: '/catalog/products/1-tub.svg',
    sampleImagePath: '/catalog/products/1-sample.svg',
    nutritionImagePath: '/catalog/nutrition/1.svg',
    ...overrides,
  };
}
