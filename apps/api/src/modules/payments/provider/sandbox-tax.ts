import { RATE_SCALE, US_STATE_BASE_RATES } from '../../tax/index.ts';

/** Form parameters as the stand-in parses them (parseStripeForm). */
type Params = Record<string, unknown>;

/*
 * `POST /v1/tax/calculations` as the Stripe stand-in answers it (docs/payments.md#sales-tax): Stripe
 * Tax's `tax.calculation` object, so the Stripe Tax adapter is tested against Stripe's shape. The
 * figures are the stand-in's own: the state's base rate plus, for a few ZIP areas, a local rate, so
 * a test can tell an address-based calculation from the state table. Not real tax advice.
 */

/** Local (county, city, district) rates the stand-in adds by the ZIP code's first three digits. */
export const STAND_IN_LOCAL_RATES: Readonly<Record<string, { rate: number; jurisdiction: string }>> = {
  // Austin, TX: city 1% + transit 1%.
  '787': { rate: 2000, jurisdiction: 'AUSTIN' },
  // Seattle, WA: local 3.85%.
  '981': { rate: 3850, jurisdiction: 'SEATTLE' },
  // Los Angeles County, CA: district 2.5%.
  '900': { rate: 2500, jurisdiction: 'LOS ANGELES COUNTY' },
};

export class TaxParamError extends Error {
  constructor(
    message: string,
    readonly param: string,
  ) {
    super(message);
  }
}

function roundHalfUp(numerator: number, denominator: number): number {
  return Math.floor((numerator * 2 + denominator) / (denominator * 2));
}

/** "6.25" for 6250 thousandths of a percent, as Stripe writes `percentage_decimal`. */
function percentage(rate: number): string {
  return (rate / 1000).toFixed(4).replace(/0+$/, '').replace(/\.$/, '');
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() ? value.trim() : undefined;
}

/** The stand-in's answer to a tax calculation, in Stripe's shape; throws TaxParamError for bad input. */
export function sandboxTaxCalculation(
  params: Params,
  ids: { calculation: string; lineItems: string[] },
  nowSeconds: number,
): Record<string, unknown> {
  if (text(params.currency)?.toLowerCase() !== 'usd') {
    throw new TaxParamError('The stand-in calculates tax in usd only.', 'currency');
  }
  const details = (params.customer_details ?? {}) as Params;
  const address = (details.address ?? {}) as Params;
  if (text(address.country) !== 'US') {
    throw new TaxParamError(
      'The stand-in calculates tax for U.S. addresses only.',
      'customer_details[address][country]',
    );
  }
  const state = text(address.state)?.toUpperCase();
  const postalCode = text(address.postal_code);
  if (!postalCode || !/^\d{5}(-\d{4})?$/.test(postalCode)) {
    throw new TaxParamError(
      'A U.S. address needs a valid postal code to calculate tax.',
      'customer_details[address][postal_code]',
    );
  }
  const stateRate = state ? US_STATE_BASE_RATES[state] : undefined;
  if (!state || stateRate === undefined) {
    throw new TaxParamError('Unknown U.S. state.', 'customer_details[address][state]');
  }
  const items = Object.values((params.line_items ?? {}) as Record<string, Params>);
  if (items.length === 0) throw new TaxParamError('Missing required param: line_items.', 'line_items');
  const local = stateRate > 0 ? STAND_IN_LOCAL_RATES[postalCode.slice(0, 3)] : undefined;
  const rates = [
    { rate: stateRate, jurisdiction: state, level: 'state' },
    ...(local ? [{ rate: local.rate, jurisdiction: local.jurisdiction, level: 'city' }] : []),
  ];
  const lines = items.map((item, i) => {
    const amount = Number(item.amount);
    if (!Number.isSafeInteger(amount) || amount < 0) {
      throw new TaxParamError('Invalid integer amount.', `line_items[${i}][amount]`);
    }
    const amountTax = rates.reduce((sum, r) => sum + roundHalfUp(amount * r.rate, RATE_SCALE), 0);
    return {
      id: ids.lineItems[i] ?? `${ids.calculation}_li_${i}`,
      object: 'tax.calculation_line_item',
      amount,
      amount_tax: amountTax,
      livemode: false,
      product: null,
      quantity: Number(item.quantity ?? 1),
      reference: text(item.reference) ?? null,
      tax_behavior: 'exclusive',
      tax_code: text(item.tax_code) ?? 'txcd_99999999',
    };
  });
  const taxable = lines.reduce((sum, l) => sum + l.amount, 0);
  const breakdown = rates.map((r) => ({
    amount: lines.reduce((sum, l) => sum + roundHalfUp(l.amount * r.rate, RATE_SCALE), 0),
    inclusive: false,
    tax_rate_details: {
      country: 'US',
      flat_amount: null,
      percentage_decimal: percentage(r.rate),
      rate_type: 'percentage',
      state,
      tax_type: 'sales_tax',
    },
    taxability_reason: r.rate > 0 ? 'standard_rated' : 'not_collecting',
    taxable_amount: taxable,
  }));
  const tax = lines.reduce((sum, l) => sum + l.amount_tax, 0);
  return {
    id: ids.calculation,
    object: 'tax.calculation',
    amount_total: taxable + tax,
    currency: 'usd',
    customer: null,
    customer_details: {
      address: {
        city: text(address.city) ?? null,
        country: 'US',
        line1: text(address.line1) ?? null,
        line2: text(address.line2) ?? null,
        postal_code: postalCode,
        state,
      },
      address_source: text(details.address_source) ?? 'billing',
      ip_address: null,
      tax_ids: [],
      taxability_override: 'none',
    },
    // Stripe keeps a calculation for 90 days.
    expires_at: nowSeconds + 90 * 24 * 3600,
    line_items: {
      object: 'list',
      data: lines,
      has_more: false,
      total_count: lines.length,
      url: `/v1/tax/calculations/${ids.calculation}/line_items`,
    },
    livemode: false,
    ship_from_details: null,
    shipping_cost: null,
    tax_amount_exclusive: tax,
    tax_amount_inclusive: 0,
    tax_breakdown: breakdown,
    tax_date: nowSeconds,
  };
}
