import { US_STATES } from '@store/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createTaxCalculator } from '../payments/index.ts';
import { createStripeProvider } from '../payments/provider/stripe-provider.ts';
import { startStripeStandIn } from '../payments/provider/stripe-stand-in.ts';
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

describe('I5 the offline sandbox and the Stripe stand-in behind one interface', () => {
  const seattle = { street1: '920 5th Ave', city: 'Seattle', state: 'WA', postalCode: '98104' };

  it("I5: without Stripe keys an order's tax is the state's base rate, with no calculation id", async () => {
    await expect(
      createTaxService().calculate({ taxableCents: 1699, address: seattle, reference: 'order:1' }),
    ).resolves.toEqual({ taxCents: 110, calculationId: null });
  });

  it("I5: the stand-in answers a calculation in Stripe Tax's shape, through stripe-node", async () => {
    const standIn = await startStripeStandIn();
    try {
      const tax = createTaxCalculator(
        createStripeProvider({
          secretKey: standIn.apiKey,
          webhookSecret: standIn.webhookSecret,
          apiBase: standIn.url,
        }),
      );
      const result = await tax.calculate({ taxableCents: 1699, address: seattle, reference: 'order:1' });
      // 6.5% state + 3.85% local of $16.99, each rounded half up: $1.10 + $0.65.
      expect(result).toEqual({ taxCents: 175, calculationId: expect.stringMatching(/^taxcalc_/) });
      const raw = await fetch(`${standIn.url}/v1/tax/calculations`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${standIn.apiKey}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: 'currency=usd&line_items[0][amount]=1699&line_items[0][reference]=a&customer_details[address][country]=US&customer_details[address][state]=WA&customer_details[address][postal_code]=98104&customer_details[address_source]=shipping',
      }).then((r) => r.json());
      expect(raw).toMatchObject({
        object: 'tax.calculation',
        amount_total: 1699 + 175,
        tax_amount_exclusive: 175,
        tax_amount_inclusive: 0,
        customer_details: {
          address: { country: 'US', state: 'WA', postal_code: '98104' },
          address_source: 'shipping',
        },
        line_items: {
          object: 'list',
          data: [{ object: 'tax.calculation_line_item', amount: 1699, amount_tax: 175 }],
        },
      });
      expect(
        raw.tax_breakdown.map(
          (b: { tax_rate_details: { percentage_decimal: string } }) => b.tax_rate_details.percentage_decimal,
        ),
      ).toEqual(['6.5', '3.85']);
      // A U.S. address without a ZIP code is refused as Stripe refuses it, and the member is told to check it.
      await expect(
        tax.calculate({ taxableCents: 1699, address: { ...seattle, postalCode: '' }, reference: 'order:2' }),
      ).rejects.toMatchObject({ code: 'bad_request', message: expect.stringMatching(/ZIP code/) });
    } finally {
      await standIn.close();
    }
  });
});
