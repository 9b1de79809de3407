import { CheckoutMessages } from '@store/contracts';
import { type Ref, useEffect, useImperativeHandle, useRef, useState } from 'react';
import { loadStripe, type StripeCardElement, type StripeJs } from '@/lib/load-stripe.ts';
import type { CardFieldHandle } from '../utils/card-handle.ts';

/**
 * Stripe Elements' card field, used when the server talks to Stripe (STRIPE_PUBLISHABLE_KEY).
 * The card number never touches our page: Stripe's iframe turns it into a PaymentMethod id.
 * Offline this cannot run; its failures show the spec's messages.
 */
export function StripeCardField({
  ref,
  publishableKey,
}: {
  ref?: Ref<CardFieldHandle>;
  publishableKey: string;
}) {
  const mountRef = useRef<HTMLDivElement>(null);
  const [stripe, setStripe] = useState<{ js: StripeJs; card: StripeCardElement } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [cardError, setCardError] = useState<string | null>(null);

  useEffect(() => {
    let card: StripeCardElement | undefined;
    let isCurrent = true;
    loadStripe(publishableKey)
      .then((js) => {
        if (!isCurrent || !mountRef.current) return;
        card = js.elements().create('card', { hidePostalCode: true });
        card.mount(mountRef.current);
        card.on('change', (event) => setCardError(event.error?.message ?? null));
        setStripe({ js, card });
      })
      .catch((error: unknown) => {
        if (isCurrent) setProblem(error instanceof Error ? error.message : CheckoutMessages.stripeLoadFailed);
      });
    return () => {
      isCurrent = false;
      card?.destroy();
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
        const result = await stripe.js.createPaymentMethod({ type: 'card', card: stripe.card });
        if (result.paymentMethod) return { paymentMethodId: result.paymentMethod.id };
        return { error: result.error?.message ?? 'Your card could not be used.' };
      },
      async handleAction(clientSecret) {
        if (!stripe) return { error: CheckoutMessages.stripeNotInitialized };
        const result = await stripe.js.handleCardAction(clientSecret);
        if (result.error) return { error: result.error.message ?? 'Your bank did not confirm the payment.' };
        return { ok: true as const };
      },
    }),
    [stripe],
  );

  return (
    <fieldset className="card-field card-field--stripe">
      <legend className="field__label">Card</legend>
      <div ref={mountRef} className="card-field__stripe" />
      <p className="field__message field__error" role="alert">
        {problem ?? cardError ?? ''}
      </p>
    </fieldset>
  );
}
