import { type PartnerRequestField, partnerRequestErrors } from '@store/contracts';

export type PartnerFormValues = Record<PartnerRequestField, string>;

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
 * every message appears after a submit attempt. The rules are the server's own schema.
 */
export function visiblePartnerErrors(
  values: PartnerFormValues,
  isSubmitted: boolean,
): Partial<Record<PartnerRequestField, string>> {
  const errors = partnerRequestErrors(values);
  if (isSubmitted) return errors;
  const visible: Partial<Record<PartnerRequestField, string>> = {};
  for (const [field, message] of Object.entries(errors) as [PartnerRequestField, string][]) {
    if (values[field].length > 0) visible[field] = message;
  }
  return visible;
}
