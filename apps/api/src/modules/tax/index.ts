// The tax module's face (ARCHITECTURE.md#the-rules-the-lint-checks).
export {
  computeStateTaxCents,
  createTaxService,
  type TaxAddress,
  type TaxCalculator,
  type TaxInput,
  type TaxResult,
} from './tax.service.ts';
export { RATE_SCALE, US_STATE_BASE_RATES } from './us-state-rates.ts';
