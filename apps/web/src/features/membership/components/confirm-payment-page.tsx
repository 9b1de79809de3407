import { displayOrderNumber } from '@store/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button, buttonClass } from '@/components/ui/button.tsx';
import { PageTitle } from '@/components/ui/page-title.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { paths } from '@/config/paths.ts';
import { ApiError } from '@/lib/api-client.ts';
import { loadStripe, type StripeJs } from '@/lib/load-stripe.ts';
import { usePaymentConfig } from '@/lib/payment-config.ts';
import { invalidate } from '@/lib/use-api.ts';
import {
  confirmRenewalPayment,
  type RenewalConfirmation,
  useRenewalConfirmation,
} from '../api/membership-api.ts';
import './membership.css';

const TITLE = 'Confirm your payment';

/** The part of Stripe.js that confirms a PaymentIntent with the customer present. */
type StripeConfirm = StripeJs & {
  confirmCardPayment(
    clientSecret: string,
    data?: { payment_method?: string },
  ): Promise<{ paymentIntent?: { status: string }; error?: { message?: string } }>;
};

function usd(cents: number): string {
  return (cents / 100).toLocaleString('en-US', { style: 'currency', currency: 'USD' });
}

/**
 * /membership/confirm-payment (docs/reliability.md#d6), linked from the mail sent when the bank asked to
 * authenticate a renewal: the member confirms it here, on-session. With Stripe, Stripe.js runs
 * the bank's check with the client secret; with the sandbox, the store confirms on the server.
 */
export function ConfirmPaymentPage() {
  const { data, error, isLoading, reload } = useRenewalConfirmation();
  const [isDone, setIsDone] = useState(false);
  return (
    <main className="membership membership--narrow">
      <PageTitle title={TITLE} />
      <h1 className="membership__title">{TITLE}</h1>
      {isDone ? (
        <section className="membership__card membership__card--inactive" aria-live="polite">
          <h2 className="membership__inactive">Payment confirmed</h2>
          <p>Thank you! Your renewal is paid and your next box is on its way to being built.</p>
          <Link to={paths.membership()} className={buttonClass('primary')}>
            Go to my membership
          </Link>
        </section>
      ) : isLoading ? (
        <Spinner large label="Loading your payment" />
      ) : error ? (
        <section className="membership__card membership__card--inactive">
          <p role="alert">We could not load your payment. Please try again.</p>
          <Button onClick={reload}>Try again</Button>
        </section>
      ) : data ? (
        <Confirm
          confirmation={data}
          onDone={() => {
            setIsDone(true);
            invalidate('renewal-confirmation');
          }}
        />
      ) : (
        <section className="membership__card membership__card--inactive">
          <h2 className="membership__inactive">Nothing to confirm</h2>
          <p>There is no payment waiting for your confirmation.</p>
          <Link to={paths.membership()} className={buttonClass('primary')}>
            Go to my membership
          </Link>
        </section>
      )}
    </main>
  );
}

function Confirm({ confirmation, onDone }: { confirmation: RenewalConfirmation; onDone: () => void }) {
  const { data: config } = usePaymentConfig();
  const [isBusy, setIsBusy] = useState(false);
  const [message, setMessage] = useState<string>();

  async function confirm() {
    setIsBusy(true);
    setMessage(undefined);
    try {
      if (confirmation.provider === 'stripe') {
        if (!config?.publishableKey)
          throw new Error('The payment form could not be loaded. Please try again.');
        const stripe = (await loadStripe(config.publishableKey)) as StripeConfirm;
        const result = await stripe.confirmCardPayment(confirmation.clientSecret, {
          payment_method: confirmation.paymentMethodId,
        });
        if (result.error) throw new Error(result.error.message ?? 'Your bank did not confirm the payment.');
      }
      const answer = await confirmRenewalPayment();
      if (answer.status === 'billed') onDone();
      else setMessage('Your bank still needs you to confirm. Please try again.');
    } catch (error) {
      setMessage(
        error instanceof ApiError || error instanceof Error
          ? error.message
          : 'The payment could not be confirmed. Please try again.',
      );
    } finally {
      setIsBusy(false);
    }
  }

  return (
    <section className="membership__card confirm-payment" aria-labelledby="confirm-title">
      <h2 id="confirm-title" className="membership__section-title">
        Your bank wants you to confirm this renewal
      </h2>
      <dl className="membership__facts">
        <div>
          <dt>Amount</dt>
          <dd>{usd(confirmation.amountCents)}</dd>
        </div>
        <div>
          <dt>Order</dt>
          <dd>{confirmation.orderNumber ? displayOrderNumber(confirmation.orderNumber) : '—'}</dd>
        </div>
        <div>
          <dt>Card</dt>
          <dd>{confirmation.last4 ? `•••• ${confirmation.last4}` : 'Your saved card'}</dd>
        </div>
      </dl>
      <p className="membership__notice">
        We tried to charge your saved card on the renewal date, and your bank asked for your confirmation.
        Confirm it now to have your next box built, or replace the card on the billing page.
      </p>
      {message ? (
        <p className="form-alert" role="alert">
          {message}
        </p>
      ) : null}
      <div className="membership__links">
        <Button onClick={() => void confirm()} isLoading={isBusy} loadingLabel="Confirming your payment">
          Confirm payment
        </Button>
        <Link to={paths.billing()} className={buttonClass('secondary')}>
          Replace card
        </Link>
      </div>
    </section>
  );
}
