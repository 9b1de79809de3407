import { z } from 'zod';

/**
 * Payment methods on the wire, and the sandbox card field's rules (docs/product.md#demo-data-and-sandbox): the test card
 * numbers of Stripe's test mode become Stripe's test PaymentMethod ids, as Stripe.js would.
 * Everything here is a pure function so the web form and the tests share it.
 */

/** A saved card as the API answers it (docs/api-conventions.md#wire-shapes). */
export const PaymentMethodSchema = z.object({
  /** The card provider's PaymentMethod id (`pm_...`). */
  stripeMethodId: z.string(),
  /** The last four digits of the card number. */
  last4Digits: z.string().regex(/^\d{4}$/),
  /** Expiry month, 1-12. */
  expiryMonth: z.number().int().min(1).max(12),
  /** Expiry year, four digits. */
  expiryYear: z.number().int().min(2000).max(2100),
  /** Card network, lower case as Stripe names it (`visa`, `mastercard`, `amex`, `discover`). */
  brand: z.string(),
});
export type PaymentMethod = z.infer<typeof PaymentMethodSchema>;

/** Card networks the card field recognises by number. */
export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'discover' | 'unknown';

/** One of Stripe's test cards the sandbox accepts. */
export interface SandboxTestCard {
  /** The number a person types, digits only. */
  number: string;
  /** The test PaymentMethod id it stands for (docs/product.md#demo-data-and-sandbox, docs/payments.md#sandbox). */
  paymentMethodId: string;
  brand: Exclude<CardBrand, 'unknown'>;
  /** What happens when it is charged, for the "SANDBOX" hint under the field. */
  outcome: string;
}

/** Stripe's test card numbers and the PaymentMethod ids they map to (docs/payments.md#sandbox table). */
export const SANDBOX_TEST_CARDS: readonly SandboxTestCard[] = [
  { number: '4242424242424242', paymentMethodId: 'pm_card_visa', brand: 'visa', outcome: 'succeeds' },
  {
    number: '5555555555554444',
    paymentMethodId: 'pm_card_mastercard',
    brand: 'mastercard',
    outcome: 'succeeds',
  },
  { number: '378282246310005', paymentMethodId: 'pm_card_amex', brand: 'amex', outcome: 'succeeds' },
  { number: '6011111111111117', paymentMethodId: 'pm_card_discover', brand: 'discover', outcome: 'succeeds' },
  {
    number: '4000000000000002',
    paymentMethodId: 'pm_card_chargeDeclined',
    brand: 'visa',
    outcome: 'declined',
  },
  {
    number: '4000000000009995',
    paymentMethodId: 'pm_card_chargeDeclinedInsufficientFunds',
    brand: 'visa',
    outcome: 'declined: insufficient funds',
  },
  {
    number: '4000000000009987',
    paymentMethodId: 'pm_card_chargeDeclinedLostCard',
    brand: 'visa',
    outcome: 'declined: lost card',
  },
  {
    number: '4000000000009979',
    paymentMethodId: 'pm_card_chargeDeclinedStolenCard',
    brand: 'visa',
    outcome: 'declined: stolen card',
  },
  {
    number: '4000000000000069',
    paymentMethodId: 'pm_card_chargeDeclinedExpiredCard',
    brand: 'visa',
    outcome: 'declined: expired card',
  },
  {
    number: '4000000000000127',
    paymentMethodId: 'pm_card_chargeDeclinedIncorrectCvc',
    brand: 'visa',
    outcome: 'declined: incorrect CVC',
  },
  {
    number: '4000000000000119',
    paymentMethodId: 'pm_card_chargeDeclinedProcessingError',
    brand: 'visa',
    outcome: 'declined: processing error',
  },
  {
    number: '4000000000006975',
    paymentMethodId: 'pm_card_visa_chargeDeclinedVelocityLimitExceeded',
    brand: 'visa',
    outcome: 'declined: too many attempts',
  },
  {
    number: '4000000000000341',
    paymentMethodId: 'pm_card_chargeCustomerFail',
    brand: 'visa',
    outcome: 'saves, then every charge is declined',
  },
  {
    number: '4000002760003184',
    paymentMethodId: 'pm_card_authenticationRequired',
    brand: 'visa',
    outcome: 'asks for 3D Secure authentication',
  },
  {
    number: '4100000000000019',
    paymentMethodId: 'pm_card_radarBlock',
    brand: 'visa',
    outcome: 'blocked as fraud',
  },
];

/** The card networks the store takes, in the order the card field shows them (docs/payments.md#card-field). */
export const ACCEPTED_CARD_BRANDS = [
  { brand: 'visa', name: 'Visa' },
  { brand: 'mastercard', name: 'Mastercard' },
  { brand: 'amex', name: 'American Express' },
  { brand: 'discover', name: 'Discover' },
] as const satisfies readonly { brand: CardBrand; name: string }[];

/**
 * What to do after a decline, said at the card field under the bank's reason
 * (docs/payments.md#a-declined-card): the form keeps everything typed.
 */
export const DECLINED_CARD_HELP =
  'Nothing was charged. Try another card, or check the card number, expiration date and security code.';

/** Beside Confirm order after a decline: where the help is. */
export const DECLINED_SEE_CARD = 'Nothing was charged; see the card field for what to do.';

/** Stripe Elements' own wording, so the sandbox field reads like the real one. */
export const CardFieldMessages = {
  numberIncomplete: 'Your card number is incomplete.',
  numberInvalid: 'Your card number is invalid.',
  numberNotTestCard: 'This store is in sandbox mode: use a test card such as 4242 4242 4242 4242.',
  expiryIncomplete: "Your card's expiration date is incomplete.",
  expiryInvalidMonth: "Your card's expiration date is invalid.",
  expiryPast: "Your card's expiration date is in the past.",
  expiryTooFar: "Your card's expiration year is invalid.",
  cvcIncomplete: "Your card's security code is incomplete.",
} as const;

/** The digits of what was typed; spaces and dashes are how people group card numbers. */
export function cardDigits(input: string): string {
  return input.replace(/[\s-]/g, '');
}

/** The Luhn checksum every card number carries (ISO/IEC 7812). */
export function isLuhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** The network a number belongs to, from its leading digits. */
export function detectCardBrand(digits: string): CardBrand {
  if (/^4/.test(digits)) return 'visa';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^(5[1-5]|222[1-9]|22[3-9]\d|2[3-6]\d\d|27[01]\d|2720)/.test(digits)) return 'mastercard';
  if (/^(6011|65|64[4-9])/.test(digits)) return 'discover';
  return 'unknown';
}

/** How many digits a full number of this network has. */
export function cardNumberLength(brand: CardBrand): number {
  return brand === 'amex' ? 15 : 16;
}

/** How many digits the security code of this network has. */
export function cvcLength(brand: CardBrand): number {
  return brand === 'amex' ? 4 : 3;
}

/** Groups the digits as printed on the card: 4-4-4-4, or 4-6-5 for American Express. */
export function formatCardNumber(input: string): string {
  const digits = cardDigits(input).replace(/\D/g, '');
  const brand = detectCardBrand(digits);
  const limited = digits.slice(0, cardNumberLength(brand));
  const groups = brand === 'amex' ? [4, 6, 5] : [4, 4, 4, 4];
  const parts: string[] = [];
  let at = 0;
  for (const size of groups) {
    if (at >= limited.length) break;
    parts.push(limited.slice(at, at + size));
    at += size;
  }
  return parts.join(' ');
}

/** The card number's error, or undefined when it is complete and passes Luhn. */
export function checkCardNumber(input: string): string | undefined {
  const digits = cardDigits(input);
  if (!/^\d*$/.test(digits)) return CardFieldMessages.numberInvalid;
  const brand = detectCardBrand(digits);
  if (digits.length < cardNumberLength(brand)) return CardFieldMessages.numberIncomplete;
  if (digits.length > cardNumberLength(brand) || !isLuhnValid(digits)) return CardFieldMessages.numberInvalid;
  return undefined;
}

/** Reads "MM / YY", "MM/YY", "MMYY" or "MM/YYYY"; undefined when the date is not complete. */
export function parseCardExpiry(input: string): { month: number; year: number } | undefined {
  const match = /^\s*(\d{1,2})\s*\/?\s*(\d{2}|\d{4})\s*$/.exec(input);
  if (!match) return undefined;
  const month = Number(match[1]);
  const yearText = match[2]!;
  const year = yearText.length === 2 ? 2000 + Number(yearText) : Number(yearText);
  return { month, year };
}

/** The expiry's error at `now`, or undefined when the card is valid through that month. */
export function checkCardExpiry(input: string, now: Date): string | undefined {
  const expiry = parseCardExpiry(input);
  if (!expiry) return CardFieldMessages.expiryIncomplete;
  if (expiry.month < 1 || expiry.month > 12) return CardFieldMessages.expiryInvalidMonth;
  const thisYear = now.getUTCFullYear();
  const thisMonth = now.getUTCMonth() + 1;
  // A card is valid through the last day of its expiry month.
  if (expiry.year < thisYear || (expiry.year === thisYear && expiry.month < thisMonth)) {
    return CardFieldMessages.expiryPast;
  }
  if (expiry.year > thisYear + 50) return CardFieldMessages.expiryTooFar;
  return undefined;
}

/** The security code's error for this network, or undefined. */
export function checkCardCvc(input: string, brand: CardBrand): string | undefined {
  return new RegExp(`^\\d{${cvcLength(brand)}}$`).test(input.trim())
    ? undefined
    : CardFieldMessages.cvcIncomplete;
}

/** What a person typed into the sandbox card field. */
export interface CardInput {
  number: string;
  /** "MM / YY" as the field shows it. */
  expiry: string;
  cvc: string;
}

export type SandboxCardResult =
  | {
      ok: true;
      /** The test PaymentMethod id to send to the API, as Stripe.js would produce a `pm_...`. */
      paymentMethodId: string;
      brand: CardBrand;
      last4Digits: string;
      expiryMonth: number;
      expiryYear: number;
    }
  | { ok: false; fieldErrors: Partial<Record<keyof CardInput, string>> };

/** The test card with this number, if it is one. */
export function findSandboxTestCard(input: string): SandboxTestCard | undefined {
  const digits = cardDigits(input);
  return SANDBOX_TEST_CARDS.find((card) => card.number === digits);
}

/**
 * Checks the three card fields and turns a test card into its PaymentMethod id. A valid number
 * that is not a test card is refused here, as Stripe's test mode declines real cards.
 */
export function toSandboxPaymentMethod(card: CardInput, now: Date): SandboxCardResult {
  const digits = cardDigits(card.number);
  const brand = detectCardBrand(digits);
  const fieldErrors: Partial<Record<keyof CardInput, string>> = {};
  const numberError = checkCardNumber(card.number);
  const testCard = numberError ? undefined : findSandboxTestCard(digits);
  if (numberError) fieldErrors.number = numberError;
  else if (!testCard) fieldErrors.number = CardFieldMessages.numberNotTestCard;
  const expiryError = checkCardExpiry(card.expiry, now);
  if (expiryError) fieldErrors.expiry = expiryError;
  const cvcError = checkCardCvc(card.cvc, brand);
  if (cvcError) fieldErrors.cvc = cvcError;
  if (!testCard || expiryError || cvcError) return { ok: false, fieldErrors };
  const expiry = parseCardExpiry(card.expiry)!;
  return {
    ok: true,
    paymentMethodId: testCard.paymentMethodId,
    brand: testCard.brand,
    last4Digits: digits.slice(-4),
    expiryMonth: expiry.month,
    expiryYear: expiry.year,
  };
}
