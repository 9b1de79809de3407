import { z } from 'zod';
import { EMAIL_PATTERN } from './accounts.ts';
import { PartnerMessages } from './constants.ts';
import { plainText } from './text.ts';

/** Longest accepted contact message; a paragraph or ten, not a document. */
export const CONTACT_TEXT_MAX = 5000;

/** A text field that must hold something once trimmed. */
const requiredText = (message: string, max: number) =>
  z.string({ error: message }).trim().min(1, message).max(max, `Please keep this under ${max} characters.`);

/** A text field that may be left empty. */
const optionalText = (max: number) =>
  z.string().trim().max(max, `Please keep this under ${max} characters.`).optional();

/** POST /contact/SendContactEmail body: the footer's "Get in touch" form (docs/product.md#rules). */
export const ContactMessageSchema = z
  .object({
    /** Who is writing. */
    name: plainText(requiredText('Please enter your name.', 100)),
    /** Where the store can answer. */
    email: requiredText('Please enter your email.', 254).regex(
      EMAIL_PATTERN,
      'Please enter a valid email address',
    ),
    /** The message itself. */
    text: requiredText('Please enter a message.', CONTACT_TEXT_MAX),
  })
  .strict();
export type ContactMessage = z.infer<typeof ContactMessageSchema>;

/** A 10-digit U.S. number, optionally with parentheses, dashes, dots or spaces (docs/product.md#rules). */
export const US_PHONE_PATTERN = /^\s*\(?\d{3}\)?[\s.-]?\d{3}[\s.-]?\d{4}\s*$/;

/** POST /User/SubmitPartnerRequest body: the ambassador application (docs/api-conventions.md#wire-shapes, docs/product.md#rules). */
export const PartnerRequestSchema = z
  .object({
    /** Applicant's first name. */
    firstName: plainText(requiredText(PartnerMessages.firstNameRequired, 100)),
    /** Applicant's last name. */
    lastName: plainText(requiredText(PartnerMessages.lastNameRequired, 100)),
    /** Where the store answers. */
    email: requiredText(PartnerMessages.emailRequired, 254).regex(
      EMAIL_PATTERN,
      PartnerMessages.emailInvalid,
    ),
    /** A 10-digit U.S. phone number. */
    phone: requiredText(PartnerMessages.phoneRequired, 30).regex(
      US_PHONE_PATTERN,
      PartnerMessages.phoneInvalid,
    ),
    /** The kind of fitness the applicant is known for ("Powerlifting", "Yoga"). */
    fitnessType: optionalText(100),
    /** Instagram handle or profile link. */
    instagram: optionalText(200),
    /** TikTok handle or profile link. */
    tiktok: optionalText(200),
    /** Any other channels (YouTube, a blog, a gym). */
    otherSocials: optionalText(500),
  })
  .strict();
export type PartnerRequest = z.infer<typeof PartnerRequestSchema>;

/** The ambassador form's fields, in the order they are shown. */
export type PartnerRequestField = keyof PartnerRequest;

/** Field -> first message, for showing a form's errors beside its inputs. */
export function partnerRequestErrors(
  values: Record<PartnerRequestField, string>,
): Partial<Record<PartnerRequestField, string>> {
  const result = PartnerRequestSchema.safeParse(values);
  if (result.success) return {};
  const errors: Partial<Record<PartnerRequestField, string>> = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as PartnerRequestField | undefined;
    if (field && !(field in errors)) errors[field] = issue.message;
  }
  return errors;
}

/** GET /site/config answer: the configured prices every public page shows (docs/product.md#price). */
export const SiteConfigSchema = z.object({
  /** Discover plan price per box in dollars (2 decimals). */
  planPrice: z.number(),
  /** Handling fee per box in dollars (2 decimals). */
  handlingFee: z.number(),
});
export type SiteConfig = z.infer<typeof SiteConfigSchema>;
