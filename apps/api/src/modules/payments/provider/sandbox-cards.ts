import { SANDBOX_TEST_CARDS } from '@store/contracts';

/*
 * The sandbox's behaviour table (docs/payments.md#sandbox), keyed by Stripe's test PaymentMethod ids.
 * Messages and codes are Stripe's, so the store behaves the same against the sandbox and Stripe.
 */

export interface CardDecline {
  code: string;
  declineCode?: string;
  message: string;
}

/** What happens after a successful charge of a card (Stripe's refund and dispute test cards). */
export interface AfterCharge {
  /** A refund of the charge: `pending` first, or `succeeded` first and `failed` later. */
  refund?: 'pending_then_succeeded' | 'succeeded_then_failed';
  /** The charge is disputed right after it succeeds (`charge.dispute.created`). */
  dispute?: boolean;
}

export type CardBehaviour =
  | ({ kind: 'succeed' } & AfterCharge)
  /** Declined on every charge, and already when saved on a customer (Stripe checks the card then). */
  | { kind: 'decline'; decline: CardDecline }
  /** Saves fine, then every charge is declined (`pm_card_chargeCustomerFail`). */
  | { kind: 'decline_on_charge'; decline: CardDecline }
  /** On-session: `requires_action` (3D Secure); off-session: `authentication_required`. */
  | { kind: 'authenticate' }
  /**
   * Set up for later (`...authenticationRequiredOnSetup`, `...SetupForOffSession`): on-session
   * charges ask for 3D Secure, off-session charges of the saved card go through (docs/reliability.md#d6).
   */
  | { kind: 'authenticate_on_session' };

export interface SandboxCard {
  brand: string;
  last4: string;
  behaviour: CardBehaviour;
}

const DECLINED = 'Your card was declined.';

const generic: CardDecline = { code: 'card_declined', declineCode: 'generic_decline', message: DECLINED };

/** Stripe's answer to an off-session charge of a card that needs 3D Secure. */
export const AUTHENTICATION_REQUIRED: CardDecline = {
  code: 'authentication_required',
  declineCode: 'authentication_required',
  message: 'Your card was declined. This transaction requires authentication.',
};

/** Stripe's answer when the customer fails or abandons 3D Secure. */
export const AUTHENTICATION_FAILED: CardDecline = {
  code: 'payment_intent_authentication_failure',
  message:
    'The provided PaymentMethod has failed authentication. You can provide payment_method_data or a new PaymentMethod to attempt to fulfill this PaymentIntent again.',
};

const behaviours: Record<string, CardBehaviour> = {
  pm_card_visa: { kind: 'succeed' },
  pm_card_mastercard: { kind: 'succeed' },
  pm_card_amex: { kind: 'succeed' },
  pm_card_discover: { kind: 'succeed' },
  pm_card_chargeDeclined: { kind: 'decline', decline: generic },
  pm_card_chargeDeclinedInsufficientFunds: {
    kind: 'decline',
    decline: {
      code: 'card_declined',
      declineCode: 'insufficient_funds',
      message: 'Your card has insufficient funds.',
    },
  },
  pm_card_chargeDeclinedLostCard: {
    kind: 'decline',
    decline: { code: 'card_declined', declineCode: 'lost_card', message: DECLINED },
  },
  pm_card_chargeDeclinedStolenCard: {
    kind: 'decline',
    decline: { code: 'card_declined', declineCode: 'stolen_card', message: DECLINED },
  },
  pm_card_chargeDeclinedExpiredCard: {
    kind: 'decline',
    decline: { code: 'expired_card', declineCode: 'expired_card', message: 'Your card has expired.' },
  },
  pm_card_chargeDeclinedIncorrectCvc: {
    kind: 'decline',
    decline: {
      code: 'incorrect_cvc',
      declineCode: 'incorrect_cvc',
      message: "Your card's security code is incorrect.",
    },
  },
  pm_card_chargeDeclinedProcessingError: {
    kind: 'decline',
    decline: {
      code: 'processing_error',
      declineCode: 'processing_error',
      message: 'An error occurred while processing your card. Try again in a little bit.',
    },
  },
  pm_card_visa_chargeDeclinedVelocityLimitExceeded: {
    kind: 'decline',
    decline: { code: 'card_declined', declineCode: 'card_velocity_exceeded', message: DECLINED },
  },
  // Radar's block reads like any decline to the customer; the code tells the store it was fraud.
  pm_card_radarBlock: {
    kind: 'decline',
    decline: { code: 'card_declined', declineCode: 'fraudulent', message: DECLINED },
  },
  pm_card_chargeCustomerFail: { kind: 'decline_on_charge', decline: generic },
  pm_card_authenticationRequired: { kind: 'authenticate' },
  pm_card_authenticationRequiredOnSetup: { kind: 'authenticate_on_session' },
  pm_card_authenticationRequiredSetupForOffSession: { kind: 'authenticate_on_session' },
  // Refunds and disputes (docs/reliability.md#c12): the charge succeeds, what follows does not.
  pm_card_refundFail: { kind: 'succeed', refund: 'succeeded_then_failed' },
  pm_card_pendingRefund: { kind: 'succeed', refund: 'pending_then_succeeded' },
  pm_card_createDispute: { kind: 'succeed', dispute: true },
};

/** Last digits of the test cards that have no number in the card form's list. */
const unlistedLast4: Record<string, string> = {
  pm_card_authenticationRequiredOnSetup: '3155',
  pm_card_authenticationRequiredSetupForOffSession: '0446',
  pm_card_refundFail: '5126',
  pm_card_pendingRefund: '7726',
  pm_card_createDispute: '0259',
};

/** Stripe's other spellings of the same test cards. */
const aliases: Record<string, string> = {
  pm_card_visa_chargeDeclined: 'pm_card_chargeDeclined',
  pm_card_visa_chargeDeclinedInsufficientFunds: 'pm_card_chargeDeclinedInsufficientFunds',
  pm_card_visa_chargeDeclinedLostCard: 'pm_card_chargeDeclinedLostCard',
  pm_card_visa_chargeDeclinedStolenCard: 'pm_card_chargeDeclinedStolenCard',
  pm_card_visa_chargeDeclinedExpiredCard: 'pm_card_chargeDeclinedExpiredCard',
  pm_card_visa_chargeDeclinedIncorrectCvc: 'pm_card_chargeDeclinedIncorrectCvc',
  pm_card_visa_chargeDeclinedProcessingError: 'pm_card_chargeDeclinedProcessingError',
  pm_card_visa_chargeCustomerFail: 'pm_card_chargeCustomerFail',
  pm_card_threeDSecure2Required: 'pm_card_authenticationRequired',
};

/** The canonical test id for an id or alias, or undefined when it is not a test card. */
export function canonicalTestCardId(paymentMethodId: string): string | undefined {
  const id = aliases[paymentMethodId] ?? paymentMethodId;
  return behaviours[id] ? id : undefined;
}

/** The card behind a test PaymentMethod id (or alias), or undefined. */
export function findSandboxCard(paymentMethodId: string): SandboxCard | undefined {
  const id = canonicalTestCardId(paymentMethodId);
  if (!id) return undefined;
  const numbered = SANDBOX_TEST_CARDS.find((card) => card.paymentMethodId === id);
  return {
    brand: numbered?.brand ?? 'visa',
    last4: numbered?.number.slice(-4) ?? unlistedLast4[id] ?? '4242',
    behaviour: behaviours[id]!,
  };
}
