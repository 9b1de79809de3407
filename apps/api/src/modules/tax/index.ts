// The tax module's face (ARCHITECTURE.md#the-rules-the-lint-checks).
export { computeStateTaxCents, createTaxService, type TaxCalculator } from './tax.service.ts';
