import { lazy, type Ref, Suspense } from 'react';
import { Spinner } from '@/components/ui/spinner.tsx';
import { usePaymentConfig } from '@/lib/payment-config.ts';
import type { CardFieldHandle } from '../utils/card-handle.ts';
import { SandboxCardField } from './sandbox-card-field.tsx';
import './card-field.css';

// Only stores with Stripe keys download the Stripe field.
const StripeCardField = lazy(() =>
  import('./stripe-card-field.tsx').then((m) => ({ default: m.StripeCardField })),
);

/** The card entry of a checkout: Stripe Elements with Stripe's keys, the sandbox field otherwise. */
export function CardField({ ref, isDisabled }: { ref?: Ref<CardFieldHandle>; isDisabled?: boolean }) {
  const { data: config, error, reload } = usePaymentConfig();
  if (error) {
    // Never guess the provider: a sandbox field in front of Stripe would fail every payment.
    return (
      <div className="card-field">
        <p className="form-alert" role="alert">
          The card field could not be loaded.{' '}
          <button type="button" className="card-field__retry" onClick={reload}>
            Try again
          </button>
        </p>
      </div>
    );
  }
  if (!config) return <Spinner label="Loading the card field" />;
  if (config?.provider === 'stripe' && config.publishableKey) {
    return (
      <Suspense fallback={<Spinner label="Loading the card field" />}>
        <StripeCardField ref={ref} publishableKey={config.publishableKey} />
        <p className="card-field__processor">
          Your card is processed by Stripe: its number goes to Stripe directly, and this store never sees or
          keeps it.
        </p>
      </Suspense>
    );
  }
  return (
    <>
      <SandboxCardField ref={ref} isDisabled={isDisabled} />
      <p className="card-field__processor">
        This store is in test mode: no card is charged. With live payments, cards are processed by Stripe.
      </p>
    </>
  );
}

/**
 * Under a saved card, who charges it: the same facts as under the card field, for a member who
 * pays without typing a card (docs/look-and-trust.md#checkout-cart-checkout).
 */
export function SavedCardProcessorNote() {
  const { data: config } = usePaymentConfig();
  if (!config) return null;
  return (
    <p className="card-field__processor">
      {config.provider === 'stripe' && config.publishableKey
        ? 'Your saved card is charged through Stripe; this store keeps only its brand, last 4 digits and expiry.'
        : 'This store is in test mode: no card is charged. With live payments, cards are processed by Stripe.'}
    </p>
  );
}

export type { CardFieldHandle } from '../utils/card-handle.ts';
