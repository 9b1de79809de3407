/** What a card field can do for the form that holds it (sandbox and Stripe alike). */
export interface CardFieldHandle {
  /** Turns the card typed into a PaymentMethod id, as Stripe.js does; or says what is wrong. */
  createPaymentMethod(): Promise<{ paymentMethodId: string } | { error: string }>;
  /** Lets the bank authenticate a payment (3D Secure) the server answered `requires_action` for. */
  handleAction(clientSecret: string): Promise<{ ok: true } | { error: string }>;
  /**
   * Marks the card invalid with the bank's decline and what to do (docs/payments.md#a-declined-card),
   * and moves focus to it; the next change to the card clears it.
   */
  showDecline(message: string): void;
}

/** The sandbox cannot show a bank's authentication page. */
export const SANDBOX_ACTION_UNSUPPORTED =
  'This test card asks for 3D Secure authentication, which the sandbox cannot show. Please use another test card.';
