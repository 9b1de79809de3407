import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { memberPriceCents } from '../catalog/catalog.service.ts';
import { type CartLineInput, type CouponTerms, priceCart } from './cart-pricing.ts';

const lineArb: fc.Arbitrary<CartLineInput> = fc.record({
  productId: fc.integer({ min: 1, max: 500 }),
  quantity: fc.integer({ min: 1, max: 99 }),
  listPriceCents: fc.integer({ min: 1, max: 20_000 }),
  discountPercent: fc.integer({ min: 0, max: 60 }),
});

const couponArb: fc.Arbitrary<CouponTerms | null> = fc.oneof(
  fc.constant(null),
  fc
    .integer({ min: 1, max: 100 })
    .map((p) => ({ kind: 'percent' as const, percentOff: p, amountOffCents: null })),
  fc
    .integer({ min: 1, max: 500_000 })
    .map((a) => ({ kind: 'fixed' as const, percentOff: null, amountOffCents: a })),
  fc.constant({ kind: 'free_tub' as const, percentOff: null, amountOffCents: null }),
);

const WELCOME10: CouponTerms = { kind: 'percent', percentOff: 10, amountOffCents: null };
const TUB5: CouponTerms = { kind: 'fixed', percentOff: null, amountOffCents: 500 };
const FREE_TUB: CouponTerms = { kind: 'free_tub', percentOff: null, amountOffCents: null };

describe('priceCart', () => {
  it('uses the catalog member price (the discountedPrice formula) for every unit', () => {
    const price = priceCart([{ productId: 1, quantity: 3, listPriceCents: 5999, discountPercent: 35 }], null);
    const unit = memberPriceCents(5999, 35);
    expect(unit).toBe(3899);
    expect(price.lines[0]!.unitMemberCents).toBe(unit);
    expect(price.lines[0]!.lineMemberCents).toBe(unit * 3);
    expect(price.lines[0]!.lineListCents).toBe(5999 * 3);
    expect(price.subtotalCents).toBe(unit * 3);
    expect(price.undiscountedSubtotalCents).toBe(5999 * 3);
    expect(price.couponDiscountCents).toBe(0);
    expect(price.discountedSubtotalCents).toBe(unit * 3);
    expect(price.youSavedCents).toBe(5999 * 3 - unit * 3);
  });

  it('an empty cart costs nothing and no coupon takes anything off it', () => {
    for (const coupon of [null, WELCOME10, TUB5, FREE_TUB]) {
      const price = priceCart([], coupon);
      expect(price).toEqual({
        lines: [],
        undiscountedSubtotalCents: 0,
        subtotalCents: 0,
        couponDiscountCents: 0,
        discountedSubtotalCents: 0,
        youSavedCents: 0,
      });
    }
  });

  it('WELCOME10 takes 10% of the member subtotal, rounded to the cent', () => {
    const lines = [
      { productId: 1, quantity: 1, listPriceCents: 4999, discountPercent: 30 }, // 3499
      { productId: 2, quantity: 2, listPriceCents: 3999, discountPercent: 25 }, // 2999 × 2
    ];
    const price = priceCart(lines, WELCOME10);
    expect(price.subtotalCents).toBe(3499 + 2 * 2999);
    expect(price.couponDiscountCents).toBe(Math.round((3499 + 2 * 2999) / 10)); // 950 (949.7)
    expect(price.discountedSubtotalCents).toBe(9497 - 950);
    expect(price.youSavedCents).toBe(4999 + 2 * 3999 - (9497 - 950));
  });

  it('TUB5 takes $5 off, but never more than the subtotal', () => {
    const big = priceCart([{ productId: 1, quantity: 1, listPriceCents: 4000, discountPercent: 50 }], TUB5);
    expect(big.couponDiscountCents).toBe(500);
    expect(big.discountedSubtotalCents).toBe(1500);
    const small = priceCart([{ productId: 1, quantity: 1, listPriceCents: 600, discountPercent: 50 }], TUB5);
    expect(small.couponDiscountCents).toBe(300);
    expect(small.discountedSubtotalCents).toBe(0);
  });

  it('free_tub takes one unit of the most expensive line off', () => {
    const price = priceCart(
      [
        { productId: 1, quantity: 5, listPriceCents: 3000, discountPercent: 30 }, // 2100
        { productId: 2, quantity: 1, listPriceCents: 6000, discountPercent: 40 }, // 3600
        { productId: 3, quantity: 2, listPriceCents: 5000, discountPercent: 25 }, // 3750
      ],
      FREE_TUB,
    );
    expect(price.couponDiscountCents).toBe(3750);
  });

  it('property: totals add up, the coupon never exceeds the subtotal and nothing is negative', () => {
    fc.assert(
      fc.property(fc.array(lineArb, { maxLength: 8 }), couponArb, (lines, coupon) => {
        const price = priceCart(lines, coupon);
        const sumList = lines.reduce((s, l) => s + l.listPriceCents * l.quantity, 0);
        const sumMember = lines.reduce(
          (s, l) => s + memberPriceCents(l.listPriceCents, l.discountPercent) * l.quantity,
          0,
        );
        expect(price.undiscountedSubtotalCents).toBe(sumList);
        expect(price.subtotalCents).toBe(sumMember);
        expect(price.couponDiscountCents).toBeGreaterThanOrEqual(0);
        expect(price.couponDiscountCents).toBeLessThanOrEqual(price.subtotalCents);
        expect(price.discountedSubtotalCents).toBe(price.subtotalCents - price.couponDiscountCents);
        expect(price.discountedSubtotalCents).toBeGreaterThanOrEqual(0);
        expect(price.youSavedCents).toBe(price.undiscountedSubtotalCents - price.discountedSubtotalCents);
        expect(price.youSavedCents).toBeGreaterThanOrEqual(0);
        for (const n of Object.values(price).filter((v) => typeof v === 'number')) {
          expect(Number.isInteger(n)).toBe(true);
        }
        if (coupon === null) expect(price.couponDiscountCents).toBe(0);
      }),
    );
  });

  it('property: a percent coupon is its share of the subtotal to the cent; 100% makes the cart free', () => {
    fc.assert(
      fc.property(
        fc.array(lineArb, { minLength: 1, maxLength: 6 }),
        fc.integer({ min: 1, max: 100 }),
        (lines, p) => {
          const price = priceCart(lines, { kind: 'percent', percentOff: p, amountOffCents: null });
          expect(Math.abs(price.couponDiscountCents - (price.subtotalCents * p) / 100)).toBeLessThanOrEqual(
            0.5,
          );
          if (p === 100) expect(price.discountedSubtotalCents).toBe(0);
        },
      ),
    );
  });

  it('property: free_tub equals the highest unit member price when the subtotal covers it', () => {
    fc.assert(
      fc.property(fc.array(lineArb, { minLength: 1, maxLength: 6 }), (lines) => {
        const price = priceCart(lines, FREE_TUB);
        const max = Math.max(...price.lines.map((l) => l.unitMemberCents));
        expect(price.couponDiscountCents).toBe(Math.min(max, price.subtotalCents));
      }),
    );
  });
});
