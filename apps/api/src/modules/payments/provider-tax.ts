import { AppError, badRequest } from '../../http/errors.ts';
import { createTaxService, type TaxCalculator } from '../tax/index.ts';
import { ProviderCircuitOpenError } from './provider/circuit-breaker.ts';
import { type PaymentProvider, PaymentProviderError } from './provider/payment-provider.ts';

const TAX_SERVICE_DOWN =
  'We could not reach our payment provider to calculate sales tax. Nothing was charged; please try again in a minute.';
const ADDRESS_NOT_TAXABLE =
  'We could not calculate sales tax for this address. Please check the street, city, state and ZIP code.';
/** Seconds to wait before trying again, unless the circuit breaker knows better (docs/reliability.md#e2). */
const RETRY_AFTER_SECONDS = 30;

/**
 * Every order's sales tax through the payment provider (docs/payments.md#sales-tax): Stripe Tax
 * with Stripe keys, behind the same circuit breaker as the payments, so a failing Stripe makes a
 * checkout answer 503 at once; the state base rates in the offline sandbox. Building it calls
 * nothing: the first call to Stripe is the first order priced.
 */
export function createTaxCalculator(payments: PaymentProvider): TaxCalculator {
  const table = createTaxService();
  return {
    taxCents: (input) => table.taxCents(input),
    async calculate(input) {
      if (!payments.calculateTax) return table.calculate(input);
      try {
        return await payments.calculateTax(input);
      } catch (error) {
        if (!(error instanceof PaymentProviderError)) throw error;
        if (error.kind === 'invalid_request') throw badRequest(ADDRESS_NOT_TAXABLE);
        throw new AppError('service_unavailable', TAX_SERVICE_DOWN, {
          headers: {
            'retry-after': String(
              error instanceof ProviderCircuitOpenError ? error.retryAfterSeconds : RETRY_AFTER_SECONDS,
            ),
          },
        });
      }
    },
  };
}
