import { US_STATES } from '@store/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeStateTaxCents, createTaxService, stateRate } from './tax.service.ts';
import { RATE_SCALE, US_STATE_BASE_RATES } from './us-state-rates.ts';

describe('U.S. state sales tax', () => {
  it('has a base rate for each of the 50 states and DC, and for nothing else', () => {
    expect(Object.keys(US_STATE_BASE_RATES).sort()).toEqual(US_STATES.map((s) => s.code).sort());
    expect(US_STATES).toHaveLength(51);
  });

  it('charges nothing in the states without a sales tax', () => {
    for (const state of ['AK', 'DE', 'MT', 'NH', 'OR']) expect(computeStateTaxCents(1699, state)).toBe(0);
  });

  it('applies the base rate and rounds to the cent', () => {
    // $16.99 in California at 7.25% is $1.231775.
    expect(computeStateTaxCents(1699, 'CA')).toBe(123);
    // Minnesota's 6.875% of $16.99 is $1.1680625.
    expect(computeStateTaxCents(1699, 'MN')).toBe(117);
    // Missouri's 4.225% of $44.98 is $1.900405.
    expect(computeStateTaxCents(4498, 'mo')).toBe(190);
  });

  it('rounds half a cent up', () => {
    // 6.25% of $2.00 is 12.5 cents.
    expect(computeStateTaxCents(200, 'TX')).toBe(13);
    // 4% of $0.125 does not exist in cents; 4% of 12 cents is 0.48 -> 0.
    expect(computeStateTaxCents(12, 'NY')).toBe(0);
  });

  it('refuses a place the store does not ship to', () => {
    expect(() => stateRate('PR')).toThrow();
    expect(() => computeStateTaxCents(100, 'Ontario')).toThrow();
  });

  it('is whole cents, never negative, and within half a cent of the exact amount', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.constantFrom(...US_STATES.map((s) => s.code)),
        (cents, state) => {
          const tax = computeStateTaxCents(cents, state);
          const exact = (cents * US_STATE_BASE_RATES[state]!) / RATE_SCALE;
          expect(Number.isSafeInteger(tax)).toBe(true);
          expect(tax).toBeGreaterThanOrEqual(0);
          expect(Math.abs(tax - exact)).toBeLessThanOrEqual(0.5);
        },
      ),
    );
  });

  it('answers through the calculator interface', async () => {
    await expect(createTaxService().taxCents({ taxableCents: 1699, state: 'WA' })).resolves.toBe(110);
  });
});
