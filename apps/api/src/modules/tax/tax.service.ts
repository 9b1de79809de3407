import { RATE_SCALE, US_STATE_BASE_RATES } from './us-state-rates.ts';

/** Computes sales tax; the built-in table, or a tax service behind the same shape (docs/api-conventions.md#ports). */
export interface TaxCalculator {
  /** Tax in cents on `taxableCents` shipped to `state` (two-letter code), rounded to the cent. */
  taxCents(input: { taxableCents: number; state: string }): Promise<number>;
}

/** Half-up rounding of an exact integer ratio, so $0.005 becomes $0.01 as a person expects. */
function roundHalfUp(numerator: number, denominator: number): number {
  return Math.floor((numerator * 2 + denominator) / (denominator * 2));
}

/** The rate of a state in thousandths of a percent; throws for a place the store does not ship to. */
export function stateRate(state: string): number {
  const rate = US_STATE_BASE_RATES[state.toUpperCase()];
  if (rate === undefined) throw new Error(`No U.S. sales-tax rate for "${state}"`);
  return rate;
}

/** Tax in cents at a state's base rate. */
export function computeStateTaxCents(taxableCents: number, state: string): number {
  if (!Number.isSafeInteger(taxableCents) || taxableCents < 0)
    throw new Error('taxable amount must be whole cents');
  return roundHalfUp(taxableCents * stateRate(state), RATE_SCALE);
}

/** The built-in U.S. state rate table (docs/product.md#tax). */
export function createTaxService(): TaxCalculator {
  return {
    async taxCents({ taxableCents, state }) {
      return computeStateTaxCents(taxableCents, state);
    },
  };
}
