import { seedAdmin } from '../modules/accounts/index.ts';
import { seedCoupons } from '../modules/cart/index.ts';
import { seedCatalog } from '../modules/catalog/index.ts';
import type { Db } from './database.ts';

/**
 * Demo data for an empty database (docs/product.md#demo-data-and-sandbox). Each module adds its own seeder here;
 * every seeder is idempotent so restarts change nothing.
 */
export async function seed(db: Db): Promise<void> {
  await seedAdmin(db);
  await seedCatalog(db);
  await seedCoupons(db);
}
