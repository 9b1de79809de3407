import { CheckoutMessages } from '@store/contracts';
import { type Ref, useEffect, useId, useImperativeHandle, useRef, useState } from 'react';
import {
  loadStripe,
  type StripeElements,
  type StripeElementsOptions,
  type StripeJs,
  type StripePaymentElement,
} from '@/lib/load-stripe.ts';
import type { CardFieldHandle } from '../utils/card-handle.ts';
import { AcceptedBrands } from './accepted-brands.tsx';

/**
 * How the Payment Element is set up (docs/payments.md#card-field): without an intent, in setup
 * mode (the same field serves the first box, the cart and Billing's new card), and with manual
 * PaymentMethod creation, so the browser only turns what was entered into a PaymentMethod id and
 * the server creates and confirms the PaymentIntent as it does for the sandbox. Cards only: a
 * wallet (Apple Pay, Google Pay) pays with a card, which the store saves for renewals; other
 * kinds of PaymentMethod are refused by the server.
 */
export const PAYMENT_ELEMENT_OPTIONS: StripeElementsOptions = {
  mode: 'setup',
  currency: 'usd',
  paymentMethodCreation: 'manual',
  paymentMethodTypes: ['card'],
  appearance: {
    theme: 'stripe',
    variables: { colorPrimary: '#f26b1d', colorText: '#1f1a17', borderRadius: '10px' },
  },
};

/**
 * Stripe's Payment Element, used when the server talks to Stripe (STRIPE_PUBLISHABLE_KEY): the
 * card form plus the wallets the browser offers. The card number never touches our page:
 * Stripe's iframe turns it into a PaymentMethod id. Offline this cannot run; its failures show
 * the spec's messages.
 */
export function StripeCardField({
  ref,
  publishableKey,
}: {
  ref?: Ref<CardFieldHandle>;
  publishableKey: string;
}) {
  const mountRef = useRef<HTMLDivElement>(null);
  const messageId = useId();
  const [stripe, setStripe] = useState<{
    js: StripeJs;
    elements: StripeElements;
    element: StripePaymentElement;
  } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [cardError, setCardError] = useState<string | null>(null);
  const [decline, setDecline] = useState<string | null>(null);

  useEffect(() => {
    let element: StripePaymentElement | undefined;
    let isCurrent = true;
    loadStripe(publishableKey)
      .then((js) => {
        if (!isCurrent || !mountRef.current) return;
        const elements = js.elements(PAYMENT_ELEMENT_OPTIONS);
        element = elements.create('payment', { layout: 'tabs' });
        element.mount(mountRef.current);
        element.on('change', (event) => {
          setDecline(null);
          setCardError(event.error?.message ?? null);
        });
        setStripe({ js, elements, element });
      })
      .catch((error: unknown) => {
        if (isCurrent) setProblem(error instanceof Error ? error.message : CheckoutMessages.stripeLoadFailed);
      });
    return () => {
      isCurrent = false;
      element?.destroy();
    };
  }, [publishableKey]);

  useImperativeHandle(
    ref,
    () => ({
      async createPaymentMethod() {
        if (!stripe) {
          // docs/product.md#rules: the card payment must be initialised first.
          window.alert(CheckoutMessages.stripeNotInitialized);
          return { error: CheckoutMessages.stripeNotInitialized };
        }
        // Stripe checks the form and opens a wallet's sheet before the PaymentMethod is made.
        const submitted = await stripe.elements.submit();
        if (submitted.error) return { error: submitted.error.message ?? 'Please check your card details.' };
        const result = await stripe.js.createPaymentMethod({ elements: stripe.elements });
        if (result.paymentMethod) return { paymentMethodId: result.paymentMethod.id };
        return { error: result.error?.message ?? 'Your card could not be used.' };
      },
      async handleAction(clientSecret) {
        if (!stripe) return { error: CheckoutMessages.stripeNotInitialized };
        const result = await stripe.js.handleNextAction({ clientSecret });
        if (result.error) return { error: result.error.message ?? 'Your bank did not confirm the payment.' };
        return { ok: true as const };
      },
      showDecline(message) {
        setDecline(message);
        stripe?.element.focus();
      },
    }),
    [stripe],
  );

  const message = problem ?? decline ?? cardError ?? '';
  return (
    <fieldset
      className="card-field card-field--stripe"
      data-invalid={decline || cardError ? 'true' : undefined}
      aria-describedby={message ? messageId : undefined}
    >
      <legend className="field__label">Card</legend>
      <AcceptedBrands />
      <div ref={mountRef} className="card-field__stripe" />
      <p id={messageId} className="field__message field__error" role="alert">
        {message}
      </p>
    </fieldset>
  );
}
