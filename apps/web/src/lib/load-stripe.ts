import { CheckoutMessages } from '@store/contracts';

/** The part of Stripe.js the card field uses (https://docs.stripe.com/js). */
export interface StripeCardElement {
  mount(target: HTMLElement): void;
  destroy(): void;
  on(event: 'change', handler: (event: { complete: boolean; error?: { message: string } }) => void): void;
}

export interface StripeJs {
  elements(): { create(type: 'card', options?: Record<string, unknown>): StripeCardElement };
  createPaymentMethod(input: {
    type: 'card';
    card: StripeCardElement;
  }): Promise<{ paymentMethod?: { id: string }; error?: { message?: string } }>;
  handleCardAction(
    clientSecret: string,
  ): Promise<{ paymentIntent?: { status: string }; error?: { message?: string } }>;
}

declare global {
  interface Window {
    Stripe?: (publishableKey: string) => StripeJs;
  }
}

const STRIPE_JS_URL = 'https://js.stripe.com/v3/';
let loading: Promise<StripeJs> | undefined;

/**
 * Loads Stripe.js from its own host, as Stripe requires (never bundled), once per page. Fails
 * with the spec's messages (000 §8): "Failed to load Stripe.js" or "Stripe.js not available".
 */
export function loadStripe(publishableKey: string): Promise<StripeJs> {
  loading ??= new Promise<StripeJs>((resolve, reject) => {
    const ready = () => {
      if (!window.Stripe) reject(new Error(CheckoutMessages.stripeNotAvailable));
      else resolve(window.Stripe(publishableKey));
    };
    if (window.Stripe) return ready();
    const script = document.createElement('script');
    script.src = STRIPE_JS_URL;
    script.async = true;
    script.addEventListener('load', ready);
    script.addEventListener('error', () => reject(new Error(CheckoutMessages.stripeLoadFailed)));
    document.head.appendChild(script);
  }).catch((error: unknown) => {
    // A later visit may try again (the network may be back).
    loading = undefined;
    throw error;
  });
  return loading;
}
