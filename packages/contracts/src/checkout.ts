import { z } from 'zod';
import { DELIVERY_SCHEDULE_DAYS } from './constants.ts';
import { plainText } from './text.ts';

/*
 * The sample-box checkout (docs/product.md#quiz-and-first-box, docs/product.md#states-and-flows, docs/product.md#rules, docs/product.md#calls): the shipping form's rules and messages,
 * shared by the web form and the server, and the payment calls' query and answer shapes.
 */

/** A U.S. state or the District of Columbia: the store ships in the U.S. only. */
export interface UsState {
  /** USPS two-letter code, what the API stores and the tax table is keyed by. */
  code: string;
  name: string;
}

/** The 50 states and DC, in the order of their names, for the state select. */
export const US_STATES: readonly UsState[] = [
  { code: 'AL', name: 'Alabama' },
  { code: 'AK', name: 'Alaska' },
  { code: 'AZ', name: 'Arizona' },
  { code: 'AR', name: 'Arkansas' },
  { code: 'CA', name: 'California' },
  { code: 'CO', name: 'Colorado' },
  { code: 'CT', name: 'Connecticut' },
  { code: 'DE', name: 'Delaware' },
  { code: 'DC', name: 'District of Columbia' },
  { code: 'FL', name: 'Florida' },
  { code: 'GA', name: 'Georgia' },
  { code: 'HI', name: 'Hawaii' },
  { code: 'ID', name: 'Idaho' },
  { code: 'IL', name: 'Illinois' },
  { code: 'IN', name: 'Indiana' },
  { code: 'IA', name: 'Iowa' },
  { code: 'KS', name: 'Kansas' },
  { code: 'KY', name: 'Kentucky' },
  { code: 'LA', name: 'Louisiana' },
  { code: 'ME', name: 'Maine' },
  { code: 'MD', name: 'Maryland' },
  { code: 'MA', name: 'Massachusetts' },
  { code: 'MI', name: 'Michigan' },
  { code: 'MN', name: 'Minnesota' },
  { code: 'MS', name: 'Mississippi' },
  { code: 'MO', name: 'Missouri' },
  { code: 'MT', name: 'Montana' },
  { code: 'NE', name: 'Nebraska' },
  { code: 'NV', name: 'Nevada' },
  { code: 'NH', name: 'New Hampshire' },
  { code: 'NJ', name: 'New Jersey' },
  { code: 'NM', name: 'New Mexico' },
  { code: 'NY', name: 'New York' },
  { code: 'NC', name: 'North Carolina' },
  { code: 'ND', name: 'North Dakota' },
  { code: 'OH', name: 'Ohio' },
  { code: 'OK', name: 'Oklahoma' },
  { code: 'OR', name: 'Oregon' },
  { code: 'PA', name: 'Pennsylvania' },
  { code: 'RI', name: 'Rhode Island' },
  { code: 'SC', name: 'South Carolina' },
  { code: 'SD', name: 'South Dakota' },
  { code: 'TN', name: 'Tennessee' },
  { code: 'TX', name: 'Texas' },
  { code: 'UT', name: 'Utah' },
  { code: 'VT', name: 'Vermont' },
  { code: 'VA', name: 'Virginia' },
  { code: 'WA', name: 'Washington' },
  { code: 'WV', name: 'West Virginia' },
  { code: 'WI', name: 'Wisconsin' },
  { code: 'WY', name: 'Wyoming' },
];

const STATE_CODES = new Set(US_STATES.map((s) => s.code));

/** The state's code for a code or a name in any case ("ca", "California"), or undefined. */
export function toUsStateCode(value: string): string | undefined {
  const text = value.trim();
  const upper = text.toUpperCase();
  if (STATE_CODES.has(upper)) return upper;
  return US_STATES.find((s) => s.name.toLowerCase() === text.toLowerCase())?.code;
}

/** The checkout form's messages: the required ones word for word from docs/product.md#rules. */
export const CheckoutMessages = {
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  street1Required: 'Address is required',
  cityRequired: 'City is required',
  stateRequired: 'State is required',
  postalCodeRequired: 'Zip code is required',
  /** Not in the spec: the U.S.-only rule of docs/product.md#who-uses-it needs a message of its own. */
  stateInvalid: 'Please choose a U.S. state',
  /** Not in the spec: a ZIP code has 5 digits, or 9 as ZIP+4. */
  postalCodeInvalid: 'Zip code must be 5 or 9 digits',
  /** docs/product.md#rules: the card field must be ready before the order can be confirmed. */
  stripeNotInitialized: 'Stripe not initialized correctly.',
  /** docs/product.md#messages-on-screen: the card provider's script could not be loaded. */
  stripeLoadFailed: 'Failed to load Stripe.js',
  /** docs/product.md#messages-on-screen: the script loaded but did not provide Stripe. */
  stripeNotAvailable: 'Stripe.js not available',
  /** Shown above the sandbox card field: nothing is charged for real. */
  sandboxBanner: 'SANDBOX, no real charges',
  /** The Confirm order button while the payment runs (docs/product.md#quiz-and-first-box). */
  confirming: 'Confirming...',
  confirm: 'Confirm order',
} as const;

/** 12345, 123456789 or 12345-6789. */
export const ZIP_CODE_PATTERN = /^\d{5}(?:-?\d{4})?$/;

/** A required name or address line: no control characters or bidirectional overrides (docs/reliability.md#f8). */
const required = (message: string, max: number) =>
  plainText(
    z.string({ error: message }).trim().min(1, message).max(max, `Please keep this under ${max} characters.`),
  );

/** The shipping address of the checkout form: U.S. only, every line but the second required. */
export const ShippingAddressInputSchema = z.object({
  street1: required(CheckoutMessages.street1Required, 200),
  street2: plainText(z.string().trim().max(200)).nullable().optional(),
  city: required(CheckoutMessages.cityRequired, 100),
  /** The state's two-letter code; a state's name is read as its code. */
  state: required(CheckoutMessages.stateRequired, 50).transform((value, ctx) => {
    const code = toUsStateCode(value);
    if (!code) {
      ctx.addIssue({ code: 'custom', message: CheckoutMessages.stateInvalid });
      return z.NEVER;
    }
    return code;
  }),
  /** Five digits, or nine (ZIP+4, with or without the dash). */
  postalCode: required(CheckoutMessages.postalCodeRequired, 10).regex(
    ZIP_CODE_PATTERN,
    CheckoutMessages.postalCodeInvalid,
  ),
});
export type ShippingAddressInput = z.infer<typeof ShippingAddressInputSchema>;

/**
 * The body of POST /Identity/UpdateTaxInfo and POST /Payment/createPaymentIntent: the names and
 * shipping address of the checkout (docs/api-conventions.md#wire-shapes Order.identity). Other fields are ignored.
 */
export const CheckoutIdentitySchema = z.object({
  firstName: required(CheckoutMessages.firstNameRequired, 100),
  lastName: required(CheckoutMessages.lastNameRequired, 100),
  shippingAddress: ShippingAddressInputSchema,
});
export type CheckoutIdentity = z.infer<typeof CheckoutIdentitySchema>;

/** The checkout form's fields, flat, as the form holds them. */
export interface ShippingFormValues {
  firstName: string;
  lastName: string;
  street1: string;
  street2: string;
  city: string;
  state: string;
  postalCode: string;
}
export type ShippingFormField = keyof ShippingFormValues;

/** The form's values as the API body. */
export function toCheckoutIdentity(values: ShippingFormValues) {
  return {
    firstName: values.firstName,
    lastName: values.lastName,
    shippingAddress: {
      street1: values.street1,
      street2: values.street2.trim() ? values.street2 : null,
      city: values.city,
      state: values.state,
      postalCode: values.postalCode,
    },
  };
}

/** Field -> its first message, for showing the form's errors beside its inputs. */
export function shippingFormErrors(values: ShippingFormValues): Partial<Record<ShippingFormField, string>> {
  const result = CheckoutIdentitySchema.safeParse(toCheckoutIdentity(values));
  if (result.success) return {};
  const errors: Partial<Record<ShippingFormField, string>> = {};
  for (const issue of result.error.issues) {
    const field = issue.path[issue.path.length - 1] as ShippingFormField | undefined;
    if (field && !(field in errors)) errors[field] = issue.message;
  }
  return errors;
}

/** The fields tax needs are all filled in and valid: then tax is recalculated (docs/product.md#states-and-flows). */
export function isShippingComplete(values: ShippingFormValues): boolean {
  return Object.keys(shippingFormErrors(values)).length === 0;
}

/** Delivery schedule index 0, 1 or 2 (30, 45 or 60 days); anything else is refused. */
export const DeliveryScheduleSchema = z.coerce
  .number({ error: 'Please choose a delivery schedule of 30, 45 or 60 days.' })
  .int('Please choose a delivery schedule of 30, 45 or 60 days.')
  .min(0, 'Please choose a delivery schedule of 30, 45 or 60 days.')
  .max(DELIVERY_SCHEDULE_DAYS.length - 1, 'Please choose a delivery schedule of 30, 45 or 60 days.');

/** The selector's options: index, days and label. */
export const DELIVERY_SCHEDULE_OPTIONS = DELIVERY_SCHEDULE_DAYS.map((days, index) => ({
  index,
  days,
  label: `Every ${days} days`,
}));

const OpaqueIdSchema = z.string().trim().min(1).max(64);
/** A provider id (`pm_...`, `pi_...`): letters, digits and underscores only. */
const ProviderIdSchema = z
  .string()
  .trim()
  .min(3)
  .max(255)
  .regex(/^[A-Za-z0-9_]+$/, 'This is not a payment id.');

/** GET /checkout/GetCheckoutOrder query. */
export const CheckoutOrderQuerySchema = z.object({ orderId: OpaqueIdSchema });

/** POST /Identity/UpdateTaxInfo query. */
export const UpdateTaxInfoQuerySchema = z.object({ orderId: OpaqueIdSchema });

/** POST /Payment/createPaymentIntent query; `deliverySchedule` is ours, kept with the payment for recovery. */
export const CreatePaymentIntentQuerySchema = z.object({
  orderId: OpaqueIdSchema,
  /** The card as the card field made it: a test id (`pm_card_visa`) in the sandbox, `pm_...` at Stripe. */
  paymentMethodId: ProviderIdSchema,
  deliverySchedule: DeliveryScheduleSchema.optional(),
});

/** POST /Payment/createPaymentIntent answer. */
export const PaymentIntentResultSchema = z.object({
  /** Lets the browser finish the payment (3D Secure) with the card provider. */
  clientSecret: z.string(),
  /** The PaymentIntent to pass to POST /Payment/Subscribe. */
  paymentIntentId: z.string(),
  /** `succeeded`, or `requires_action` when the bank asks the customer to authenticate. */
  status: z.string(),
});
export type PaymentIntentResult = z.infer<typeof PaymentIntentResultSchema>;

/** POST /Payment/Subscribe query (docs/product.md#calls). */
export const SubscribeQuerySchema = z.object({
  paymentIntent: ProviderIdSchema,
  paymentMethodId: ProviderIdSchema,
  deliverySchedule: DeliveryScheduleSchema,
  orderId: OpaqueIdSchema,
});

/** POST /Payment/Pay query: store credit asked for, never more than the balance or what is due. */
export const PayQuerySchema = z.object({
  /** Dollars the member would like to use; the server applies at most its balance and the amount due. */
  creditAmount: z.coerce
    .number({ error: 'creditAmount must be a number of dollars.' })
    .min(0, 'creditAmount cannot be negative.')
    .max(100_000),
  /** The order to apply it to; the unfinished checkout when absent. */
  orderId: OpaqueIdSchema.optional(),
});

/** POST /Payment/Pay answer. */
export const PayResultSchema = z.object({
  orderId: z.string(),
  /** Dollars of store credit applied to the order. */
  creditApplied: z.number(),
  /** Dollars of store credit the member holds. */
  creditBalance: z.number(),
  /** What is left to pay, in dollars. */
  total: z.number(),
});
export type PayResult = z.infer<typeof PayResultSchema>;

/** GET /checkout/PaymentConfig answer: which card field the web app shows. */
export const PaymentConfigSchema = z.object({
  /** `sandbox`: the offline test-card field; `stripe`: Stripe Elements with the publishable key. */
  provider: z.enum(['sandbox', 'stripe']),
  /** Stripe's publishable key (`pk_...`), or null in the sandbox. */
  publishableKey: z.string().nullable(),
});
export type PaymentConfig = z.infer<typeof PaymentConfigSchema>;

/** The header that makes a payment call safe to repeat (one value per payment attempt). */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
