import { RATE_SCALE, US_STATE_BASE_RATES } from './us-state-rates.ts';

/** Where an order ships: what a tax service needs to find the state, county and city rates. */
export interface TaxAddress {
  street1: string;
  street2?: string | null;
  city: string;
  /** Two-letter code. */
  state: string;
  postalCode: string;
}

/** What an order's tax is calculated on: the taxable amount and where it ships. */
export interface TaxInput {
  taxableCents: number;
  address: TaxAddress;
  /** Names the order (`order:<id>`) in the tax service's records. */
  reference: string;
}

/** An order's sales tax, and where it came from (recorded with the order). */
export interface TaxResult {
  taxCents: number;
  /** Stripe Tax's calculation (`taxcalc_...`); null for the built-in state table. */
  calculationId: string | null;
}

/**
 * Computes sales tax (docs/product.md#tax): the built-in state table, or Stripe Tax behind the
 * same shape (docs/api-conventions.md#ports).
 */
export interface TaxCalculator {
  /**
   * An estimate from the state alone (the cart's quote before an address is known): the state's
   * base rate, rounded to the cent.
   */
  taxCents(input: { taxableCents: number; state: string }): Promise<number>;
  /** The tax of an order of `taxableCents` shipped to `address`; `reference` names the order. */
  calculate(input: TaxInput): Promise<TaxResult>;
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

/** The built-in U.S. state rate table (docs/product.md#tax): the offline sandbox's tax. */
export function createTaxService(): TaxCalculator {
  return {
    async taxCents({ taxableCents, state }) {
      return computeStateTaxCents(taxableCents, state);
    },
    async calculate({ taxableCents, address }) {
      return { taxCents: computeStateTaxCents(taxableCents, address.state), calculationId: null };
    },
  };
}
