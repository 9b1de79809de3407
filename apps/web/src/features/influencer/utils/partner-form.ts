import type { PartnerRequestField } from '@store/contracts';

export type PartnerFormValues = Record<PartnerRequestField, string>;

/** The form's rules (`partnerRequestErrors`, from `partner-rules.ts`): a message per wrong field. */
export type PartnerRules = (values: PartnerFormValues) => Partial<Record<PartnerRequestField, string>>;

export const EMPTY_PARTNER_FORM: PartnerFormValues = {
  firstName: '',
  lastName: '',
  fitnessType: '',
  email: '',
  phone: '',
  instagram: '',
  tiktok: '',
  otherSocials: '',
};

/**
 * Which messages the form shows (docs/product.md#rules): a field's message appears once it has text, and
 * every message appears after a submit attempt. The rules are the server's own schema; until they
 * have loaded (`rules` undefined) no message shows.
 */
export function visiblePartnerErrors(
  values: PartnerFormValues,
  isSubmitted: boolean,
  rules: PartnerRules | undefined,
): Partial<Record<PartnerRequestField, string>> {
  if (!rules) return {};
  const errors = rules(values);
  if (isSubmitted) return errors;
  const visible: Partial<Record<PartnerRequestField, string>> = {};
  for (const [field, message] of Object.entries(errors) as [PartnerRequestField, string][]) {
    if (values[field].length > 0) visible[field] = message;
  }
  return visible;
}
