import { randomUUID } from 'node:crypto';
import { US_STATES } from '@store/contracts';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/helpers.ts';
import { insertCoupon } from '../cart/cart.test-support.ts';
import { seedCatalog } from '../catalog/catalog.seed.ts';
import { memberPriceCents } from '../catalog/catalog.service.ts';
import { relaxedLimiter } from '../checkout/checkout.test-support.ts';
import { computeStateTaxCents } from '../tax/tax.service.ts';
import {
  chargedCentsOfCart,
  checkoutCart,
  newCart,
  newShopper,
  productsInStock,
  SHIPPING_CA,
} from './cart-checkout.test-support.ts';

const now = Date.parse('2027-04-02T12:00:00.000Z');
const clock = () => new Date(now);
let server: TestServer;
let catalog: { id: number; listPriceCents: number; discountPercent: number }[];

beforeAll(async () => {
  server = await startTestServer({}, { limiter: relaxedLimiter(), clock });
  await seedCatalog(server.database.db);
  catalog = await productsInStock(server, 12);
});
afterAll(async () => {
  await server?.close();
});

const couponArb = fc.oneof(
  fc.constant(null),
  fc.record({ kind: fc.constant('percent' as const), value: fc.integer({ min: 1, max: 100 }) }),
  fc.record({ kind: fc.constant('fixed' as const), value: fc.integer({ min: 1, max: 20_000 }) }),
);

describe('C4: the server owns every amount', () => {
  it('C4: over random carts, coupons and states the charge is Σ member prices − coupon + $2.99 + state tax, in whole non-negative cents, whatever the client sends', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(fc.integer({ min: 0, max: 11 }), { minLength: 1, maxLength: 3 }),
        fc.array(fc.integer({ min: 1, max: 4 }), { minLength: 3, maxLength: 3 }),
        couponArb,
        fc.constantFrom(...US_STATES.map((s) => s.code)),
        fc.record({ total: fc.double({ noNaN: true }), price: fc.integer(), taxAmount: fc.integer() }),
        async (indexes, quantities, coupon, state, clientAmounts) => {
          const shopper = await newShopper(server, 'c4', clock);
          const lines = indexes.map((i, n) => ({ productId: catalog[i]!.id, quantity: quantities[n]! }));
          const row = coupon
            ? await insertCoupon(server.database.db, {
                code: `C4${randomUUID().slice(0, 8).toUpperCase()}`,
                kind: coupon.kind,
                percentOff: coupon.kind === 'percent' ? coupon.value : null,
                amountOffCents: coupon.kind === 'fixed' ? coupon.value : null,
              })
            : null;
          const cartId = await newCart(server, shopper, lines, row?.id ?? null);
          const res = await checkoutCart(server, shopper, cartId, {
            body: {
              ...SHIPPING_CA,
              shippingAddress: { ...SHIPPING_CA.shippingAddress, state },
              ...clientAmounts,
            },
          });
          expect(res.status).toBe(200);

          const subtotal = lines.reduce((sum, l) => {
            const p = catalog.find((c) => c.id === l.productId)!;
            return sum + memberPriceCents(p.listPriceCents, p.discountPercent) * l.quantity;
          }, 0);
          const off = !coupon
            ? 0
            : coupon.kind === 'percent'
              ? Math.round((subtotal * coupon.value) / 100)
              : coupon.value;
          const discount = Math.min(off, subtotal);
          const taxable = subtotal - discount + 299;
          const expected = taxable + computeStateTaxCents(taxable, state);
          const charged = await chargedCentsOfCart(server, cartId);
          expect(charged).toBe(expected);
          expect(Number.isInteger(charged)).toBe(true);
          expect(charged).toBeGreaterThanOrEqual(299);
          expect(Math.round(res.body.total * 100)).toBe(charged);
        },
      ),
      { numRuns: 25 },
    );
  }, 120_000);
});
