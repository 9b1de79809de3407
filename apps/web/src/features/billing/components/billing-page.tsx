import type { Address } from '@store/contracts';
import { Link } from 'react-router';
import { Button, buttonClass } from '@/components/ui/button.tsx';
import { PageTitle } from '@/components/ui/page-title.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { paths } from '@/config/paths.ts';
import { useAuth } from '@/lib/auth.ts';
import { useBillingInfo } from '../api/get-billing-info.ts';
import { ReplaceCard, type ReplaceCardProps } from './replace-card.tsx';
import './billing.css';

const BRANDS: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
};

function addressLines(address: Address): string[] {
  return [
    address.street1,
    address.street2,
    [address.city, [address.state, address.postalCode].filter(Boolean).join(' ')].filter(Boolean).join(', '),
    'United States',
  ].filter((line): line is string => Boolean(line));
}

/** /billing (docs/product.md#member-area): the default card (last 4 digits, expiry) and the billing address. */
export function BillingPage({ replaceCard }: { replaceCard?: Omit<ReplaceCardProps, 'onReplaced'> }) {
  const { info, status } = useAuth();
  const { data, error, reload } = useBillingInfo(info?.identity.id);
  const isLoading = !error && (!data || status === 'loading');
  return (
    <main className="billing">
      <PageTitle title="Billing" />
      <h1 className="billing__title">Billing</h1>
      {error ? (
        <section className="billing__card">
          <p>We could not load your billing information. Please try again.</p>
          <Button onClick={reload}>Try again</Button>
        </section>
      ) : isLoading || !data ? (
        <Spinner large label="Loading your billing information" />
      ) : (
        <div className="billing__grid">
          <section className="billing__card" aria-labelledby="card-title">
            <h2 id="card-title">Payment method</h2>
            {data.last4Digits ? (
              <div className="billing__payment-card">
                <span className="billing__brand">{BRANDS[data.brand ?? ''] ?? 'Card'}</span>
                <span className="billing__number">
                  <span aria-hidden="true">•••• </span>
                  <span className="visually-hidden">ending with </span>
                  {data.last4Digits}
                </span>
                <span className="billing__expiry">
                  Expires {String(data.expiryMonth).padStart(2, '0')}/{data.expiryYear}
                </span>
              </div>
            ) : (
              <p className="billing__empty">No card is saved yet. Your card is saved when you check out.</p>
            )}
            {data.last4Digits && replaceCard ? <ReplaceCard {...replaceCard} onReplaced={reload} /> : null}
          </section>
          <section className="billing__card" aria-labelledby="address-title">
            <h2 id="address-title">Billing address</h2>
            {data.billingAddress ? (
              <address className="billing__address">
                {addressLines(data.billingAddress).map((line) => (
                  <span key={line}>{line}</span>
                ))}
              </address>
            ) : (
              <p className="billing__empty">
                No billing address yet. It is the shipping address of your checkout.
              </p>
            )}
          </section>
          {!data.last4Digits && info?.uncompletedCheckoutOrderId ? (
            <Link to={paths.checkout(info.uncompletedCheckoutOrderId)} className={buttonClass('primary')}>
              Check out your first box
            </Link>
          ) : null}
        </div>
      )}
    </main>
  );
}
