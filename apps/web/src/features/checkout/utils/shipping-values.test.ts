import { CheckoutMessages, isShippingComplete, shippingFormErrors } from '@store/contracts';
import { describe, expect, it } from 'vitest';
import { EMPTY_SHIPPING, initialShipping, taxKey, usd } from './shipping-values.ts';

const filled = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  street1: '1 Main St',
  street2: '',
  city: 'Austin',
  state: 'TX',
  postalCode: '78701',
};

describe('the shipping form', () => {
  it("names each missing required field with the spec's message; address line 2 is optional", () => {
    expect(shippingFormErrors(EMPTY_SHIPPING)).toEqual({
      firstName: CheckoutMessages.firstNameRequired,
      lastName: CheckoutMessages.lastNameRequired,
      street1: CheckoutMessages.street1Required,
      city: CheckoutMessages.cityRequired,
      state: CheckoutMessages.stateRequired,
      postalCode: CheckoutMessages.postalCodeRequired,
    });
    expect(shippingFormErrors(filled)).toEqual({});
  });

  it('takes ZIP codes of 5 or 9 digits only, and U.S. states only', () => {
    for (const zip of ['78701', '787011234', '78701-1234']) {
      expect(shippingFormErrors({ ...filled, postalCode: zip })).toEqual({});
    }
    for (const zip of ['7870', '787012', '78701-12', 'ABCDE']) {
      expect(shippingFormErrors({ ...filled, postalCode: zip }).postalCode).toBe(
        CheckoutMessages.postalCodeInvalid,
      );
    }
    expect(shippingFormErrors({ ...filled, state: 'ON' }).state).toBe(CheckoutMessages.stateInvalid);
  });

  it('is complete for tax once every required field is valid', () => {
    expect(isShippingComplete(filled)).toBe(true);
    expect(isShippingComplete({ ...filled, city: ' ' })).toBe(false);
  });

  it("starts from the order's details, else the account's", () => {
    const order = {
      identity: {
        firstName: null,
        lastName: null,
        emailAddress: 'a@example.com',
        displayName: 'a@example.com',
        shippingAddress: null,
      },
    };
    expect(initialShipping(order)).toEqual(EMPTY_SHIPPING);
    expect(
      initialShipping(order, {
        firstName: 'Ada',
        lastName: null,
        shippingAddress: { street1: '9 Elm', city: 'Reno', state: 'NV', postalCode: '89501' },
      }),
    ).toMatchObject({ firstName: 'Ada', lastName: '', street1: '9 Elm', state: 'NV' });
  });

  it('recalculates tax only when a value that matters changed', () => {
    expect(taxKey(filled)).toBe(taxKey({ ...filled, city: ' austin ' }));
    expect(taxKey(filled)).not.toBe(taxKey({ ...filled, state: 'CA' }));
  });

  it('shows dollars with 2 decimals', () => {
    expect(usd(14)).toBe('$14.00');
    expect(usd(18.05)).toBe('$18.05');
  });
});
