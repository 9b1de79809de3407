import type { ShippingFormValues } from '@store/contracts';

interface KnownIdentity {
  firstName: string | null;
  lastName: string | null;
  shippingAddress: {
    street1?: string | null;
    street2?: string | null;
    city?: string | null;
    state?: string | null;
    postalCode?: string | null;
  } | null;
}

/** The shipping form prefilled from the member's profile (empty fields where it knows nothing). */
export function initialValues(identity: KnownIdentity | undefined): ShippingFormValues {
  const a = identity?.shippingAddress;
  return {
    firstName: identity?.firstName ?? '',
    lastName: identity?.lastName ?? '',
    street1: a?.street1 ?? '',
    street2: a?.street2 ?? '',
    city: a?.city ?? '',
    state: a?.state ?? '',
    postalCode: a?.postalCode ?? '',
  };
}
