import { z } from 'zod';
import { MAX_AGE, MIN_AGE, PASSWORD_MAX, PASSWORD_MIN } from './constants.ts';
import { CycleDatesSchema } from './subscriptions.ts';
import { plainText } from './text.ts';

/** Email with a dot and a top-level domain of 2+ letters; no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[A-Za-z]{2,}$/;

/** Email as the login and sign-up forms check it (docs/product.md#rules). */
export const EmailSchema = z
  .string()
  .trim()
  .min(1, 'Email is required.')
  .max(254, 'Please enter a valid email.')
  .regex(EMAIL_PATTERN, 'Please enter a valid email.');

/** A password typed to sign in: only required. */
export const LoginPasswordSchema = z
  .string()
  .min(1, 'Password is required.')
  .max(PASSWORD_MAX * 4);

/** A new password (docs/product.md#rules, docs/product.md#passwords bounds). */
export const NewPasswordSchema = z
  .string()
  .min(1, 'Password is required.')
  .min(PASSWORD_MIN, 'Password must be more than 6 characters!')
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters.`);

/** POST /User/Login body: the spec's login-credentials entity. */
export const LoginSchema = z.object({
  /** The account's email address. */
  emailAddress: EmailSchema,
  /** The password, in the body only (docs/api-conventions.md#credentials). */
  password: LoginPasswordSchema,
});
export type Login = z.infer<typeof LoginSchema>;

/** POST /User/Register body. */
export const RegisterSchema = z.object({
  /** The new account's email address. */
  emailAddress: EmailSchema,
  /** The new password. */
  password: NewPasswordSchema,
  /** Must equal `password` when sent. */
  confirmPassword: z.string().max(PASSWORD_MAX).optional(),
  /** Optional display name without spaces. */
  username: plainText(
    z
      .string()
      .trim()
      .max(50, 'Username must be at most 50 characters.')
      .refine((v) => !/\s/.test(v), 'Username should contain no spacing!'),
  ).optional(),
  /** The person confirms they are 13 or older (docs/product.md#age: accounts need 13+). */
  isAgeConfirmed: z.literal(true, { error: 'Please confirm you are 13 or older.' }),
  /**
   * The "Email me news and offers" box, unticked unless the person ticks it: marketing mail is
   * opt-in (the Identity's field of the same name). Absent means no.
   */
  isEmailSubscribed: z.boolean().optional(),
});
export type Register = z.infer<typeof RegisterSchema>;

/** Sign-in answer: the spec's login response. */
export const TokenPairSchema = z.object({
  /** Access token (JWT, 15 minutes). */
  token: z.string(),
  /** Refresh token (opaque, rotated on use). */
  refresh_token: z.string(),
});
export type TokenPair = z.infer<typeof TokenPairSchema>;

/** POST /Account/RefreshToken and /Account/Logout body. */
export const RefreshSchema = z.object({
  /** The refresh token from the last sign-in or refresh. */
  refresh_token: z.string().min(1).max(200),
});

/** POST /User/VerifyEmail query (spec keeps the one-time code in the link). */
export const VerifyEmailQuerySchema = z.object({
  code: z.string().min(1).max(200),
  userId: z.string().min(1).max(100),
});

/**
 * POST /User/VerifyEmail answer. `alreadyVerified` is set when the link had already verified the
 * address (opened a second time): nothing changed, and the page says the address is verified.
 */
export const VerifyEmailResponseSchema = z.object({
  message: z.string(),
  alreadyVerified: z.literal(true).optional(),
});
export type VerifyEmailResponse = z.infer<typeof VerifyEmailResponseSchema>;

/** POST /User/ForgotPassword: the email in the body (query form also read, it is not a secret). */
export const ForgotPasswordSchema = z.object({ email: EmailSchema });

/** POST /User/ResendVerification body: where to send a fresh verification link. */
export const ResendVerificationSchema = z.object({ emailAddress: EmailSchema });

/** POST /User/SendLoginLink body: where to mail a one-time login link (docs/product.md#log-in-with-a-link). */
export const SendLoginLinkSchema = z.object({ emailAddress: EmailSchema });

/** POST /User/LoginWithLink body: the token of the link's `?token=`. */
export const LoginWithLinkSchema = z.object({
  /** The one-time token from the login-link mail. */
  token: z.string().min(1).max(200),
});

/** How long a mailed login link works (docs/product.md#log-in-with-a-link). */
export const LOGIN_LINK_TTL_MINUTES = 15;

/** The words of the login-link flow, shared by the API and the pages. */
export const LoginLinkMessages = {
  sent: 'If an account exists for this email, we have sent a login link. It works once, for 15 minutes.',
  invalid: 'This login link has expired or was already used. Ask for a new one on the login page.',
} as const;

/** POST /User/ResetPassword body. */
export const ResetPasswordSchema = z.object({
  /** The one-time token from the reset mail. */
  token: z.string().min(1).max(200),
  email: EmailSchema,
  password: NewPasswordSchema,
});

/** POST /User/ChangePassword body. */
export const ChangePasswordSchema = z.object({
  currentPassword: LoginPasswordSchema,
  newPassword: NewPasswordSchema,
});

/** POST /user/GoogleLogin body. */
export const GoogleLoginSchema = z.object({
  /** The Google ID token. */
  credential: z.string().min(1).max(5000),
});

/** A U.S. shipping address. */
export const AddressSchema = z.object({
  street1: plainText(z.string().trim().max(200)).nullable().optional(),
  street2: plainText(z.string().trim().max(200)).nullable().optional(),
  city: plainText(z.string().trim().max(100)).nullable().optional(),
  state: plainText(z.string().trim().max(50)).nullable().optional(),
  postalCode: plainText(z.string().trim().max(10)).nullable().optional(),
});
export type Address = z.infer<typeof AddressSchema>;

/** The identity as the API returns it (docs/api-conventions.md#wire-shapes). */
export const IdentitySchema = z.object({
  id: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  emailAddress: z.string(),
  phoneNumber: z.string().nullable(),
  age: z.number().int().nullable(),
  isEmailSubscribed: z.boolean(),
  referralCode: z.string(),
  quizId: z.string().nullable(),
  orderId: z.string().nullable(),
  /** `admin` opens the back office (docs/product.md#permissions). */
  permissions: z.array(z.string()),
  about: z.string().nullable(),
  profilePicture: z.string().nullable(),
  address: z.string().nullable(),
  shippingAddress: AddressSchema.nullable(),
  /** ISO timestamp. */
  dateCreated: z.string(),
});
export type Identity = z.infer<typeof IdentitySchema>;

/** An identity field a member may not change themselves: /Identity/Save accepts it echoed, and ignores it. */
const notSaved = z.unknown().optional().describe('Echoed from AuthInfo; ignored.');

/** POST /Identity/Save body: only what a person may change about themselves (no email, no permissions). */
export const SaveIdentitySchema = z
  .object({
    /** Ignored unless it is the caller's own id. */
    id: z.string().max(100).optional(),
    firstName: plainText(z.string().trim().max(100)).nullable().optional(),
    lastName: plainText(z.string().trim().max(100)).nullable().optional(),
    phoneNumber: z
      .string()
      .trim()
      .max(30)
      .refine((v) => v === '' || /^\D*(\d\D*){10}$/.test(v), 'Please enter a valid phone number')
      .nullable()
      .optional(),
    age: z
      .number()
      .int()
      .min(MIN_AGE, `You must be ${MIN_AGE} or older to have an account.`)
      .max(MAX_AGE, `Please choose an age of ${MAX_AGE} or less.`)
      .nullable()
      .optional(),
    isEmailSubscribed: z.boolean().optional(),
    about: z.string().trim().max(1000).nullable().optional(),
    address: plainText(z.string().trim().max(300)).nullable().optional(),
    shippingAddress: AddressSchema.nullable().optional(),
    // The identity as GET /Account/AuthInfo answers it may be sent back as it is: these fields
    // are accepted and never applied (docs/product.md#round-trips); any other field is refused.
    emailAddress: notSaved,
    referralCode: notSaved,
    quizId: notSaved,
    orderId: notSaved,
    permissions: notSaved,
    profilePicture: notSaved,
    dateCreated: notSaved,
  })
  .strict();
export type SaveIdentity = z.infer<typeof SaveIdentitySchema>;

/** A subscription as the member pages read it (docs/api-conventions.md#wire-shapes; misspellings kept). */
export const SubscriptionSchema = z.object({
  id: z.string(),
  susbcriptionName: z.string(),
  subscriptionPrice: z.number(),
  handlingFee: z.number(),
  deliveryScheduleDuration: z.number().int(),
  deliveryScheduleDurationName: z.string(),
  statusName: z.string(),
  cycleStatus: z.number().int(),
  billingCycleStartDate: z.string().nullable(),
  isoutcNextBillingDate: z.string().nullable(),
  currentOrderId: z.string().nullable(),
  /**
   * Beyond the spec: renewal dates still to pass without a box or a charge (1 after "Skip next
   * box", 1-3 during a pause, else 0); `isoutcNextBillingDate` is then the date billing resumes.
   */
  skippedBoxes: z.number().int(),
  /**
   * Beyond the spec: the current cycle's dates (build deadline, assembly, expected ship,
   * tracking once shipped); null before the cycle is billed.
   */
  cycleDates: CycleDatesSchema.nullable(),
});
export type Subscription = z.infer<typeof SubscriptionSchema>;

/** GET /Account/AuthInfo answer (docs/api-conventions.md#wire-shapes). */
export const AuthInfoSchema = z.object({
  identity: IdentitySchema,
  /** False until the mailed link is used; a quiz account may sign in before (docs/product.md#sign-up). */
  emailVerified: z.boolean(),
  subscription: SubscriptionSchema.nullable(),
  uncompletedCheckoutOrderId: z.string().nullable(),
});
export type AuthInfo = z.infer<typeof AuthInfoSchema>;

/** GET /identity/GetBillingInfoByIdentityId answer: card summary only (docs/reliability.md#b2). */
export const BillingInfoSchema = z.object({
  last4Digits: z.string().nullable(),
  expiryMonth: z.number().int().nullable(),
  expiryYear: z.number().int().nullable(),
  brand: z.string().nullable(),
  billingAddress: AddressSchema.nullable(),
});
export type BillingInfo = z.infer<typeof BillingInfoSchema>;

/** A plain confirmation answer. */
export const MessageSchema = z.object({ message: z.string() });

/** POST /User/Register and /user/GoogleLogin query: the referral code of the person who invited. */
export const ReferralQuerySchema = z.object({
  referralCode: z.string().trim().max(64).optional(),
});

/** POST /User/ForgotPassword query form (docs/product.md#calls); the body form is `ForgotPasswordSchema`. */
export const ForgotPasswordQuerySchema = z.object({ email: z.string().max(254).optional() });

/** POST /User/ChangePassword answer: the other sessions end, this one gets a fresh pair. */
export const ChangePasswordResultSchema = MessageSchema.extend(TokenPairSchema.shape);
export type ChangePasswordResult = z.infer<typeof ChangePasswordResultSchema>;

/** The largest profile picture, decoded (bytes). */
export const MAX_PROFILE_IMAGE_BYTES = 2 * 1024 * 1024;

/** POST /Identity/SaveImage body: a data URL of a PNG, JPEG or WebP picture. */
export const SaveImageSchema = z.object({
  /** `data:image/png;base64,...`; the type is sniffed from the bytes on the server. */
  image: z
    .string()
    .min(1, 'Please choose a picture.')
    .max(Math.ceil((MAX_PROFILE_IMAGE_BYTES * 4) / 3) + 200, 'The image is larger than 2 MB.'),
});

/** GET /identity/GetBillingInfoByIdentityId query: only the caller's own id is answered. */
export const BillingInfoQuerySchema = z.object({ identityId: z.string().max(100).optional() });

/** Mails an operator may send again (POST /User/SendSelectedEmail). */
export const SelectableEmailTypes = ['verify-email', 'reset-password', 'welcome'] as const;

/** POST /User/SendSelectedEmail query. */
export const SendSelectedEmailQuerySchema = z.object({
  emailType: z.enum(SelectableEmailTypes, { error: 'Unknown email type.' }),
  identityId: z.string().min(1).max(100),
});

/** POST /User/Unsubscribe query: the signed token of the mail's link (checked by the server). */
export const UnsubscribeQuerySchema = z.object({ token: z.string().max(500).optional() });
