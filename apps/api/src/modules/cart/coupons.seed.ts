import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/database.ts';
import { coupons } from './cart.table.ts';

/** The demo coupons of docs/product.md#demo-data-and-sandbox: WELCOME10 (10% off the cart) and TUB5 ($5 off). */
export const DEMO_COUPONS = [
  {
    code: 'WELCOME10',
    kind: 'percent',
    percentOff: 10,
    amountOffCents: null,
    description: '10% off your cart',
  },
  { code: 'TUB5', kind: 'fixed', percentOff: null, amountOffCents: 500, description: '$5 off your cart' },
] as const;

/** Idempotent: a code that exists is left as it is (an operator may have changed it). */
export async function seedCoupons(db: Db): Promise<void> {
  await db
    .insert(coupons)
    .values(DEMO_COUPONS.map((c) => ({ id: randomUUID(), ...c })))
    .onConflictDoNothing({ target: coupons.code });
}
