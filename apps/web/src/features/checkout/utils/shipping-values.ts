import type { Address, Order, ShippingFormField, ShippingFormValues } from '@store/contracts';

export const EMPTY_SHIPPING: ShippingFormValues = {
  firstName: '',
  lastName: '',
  street1: '',
  street2: '',
  city: '',
  state: '',
  postalCode: '',
};

/** The form's fields in the order they are shown (the first wrong one gets focus on submit). */
export const SHIPPING_FIELDS: readonly ShippingFormField[] = [
  'firstName',
  'lastName',
  'street1',
  'street2',
  'city',
  'state',
  'postalCode',
];

/**
 * What the form starts with: the order's own shipping details when it has them, else the
 * account's names and saved address, else blanks.
 */
export function initialShipping(
  order: Pick<Order, 'identity'>,
  account?: { firstName: string | null; lastName: string | null; shippingAddress: Address | null } | null,
): ShippingFormValues {
  const fromOrder = order.identity.shippingAddress;
  const address = fromOrder ?? account?.shippingAddress ?? null;
  return {
    firstName: order.identity.firstName ?? account?.firstName ?? '',
    lastName: order.identity.lastName ?? account?.lastName ?? '',
    street1: address?.street1 ?? '',
    street2: address?.street2 ?? '',
    city: address?.city ?? '',
    state: address?.state ?? '',
    postalCode: address?.postalCode ?? '',
  };
}

/** The values tax depends on, as one string: an unchanged key needs no new calculation. */
export function taxKey(values: ShippingFormValues): string {
  return SHIPPING_FIELDS.map((field) => values[field].trim().toLowerCase()).join('|');
}

/** Dollars with 2 decimals ("$14.00"), as the API's amounts are shown (docs/product.md#constants). */
export function usd(dollars: number): string {
  return dollars.toLocaleString('en-US', { style: 'currency', currency: 'USD' });
}
