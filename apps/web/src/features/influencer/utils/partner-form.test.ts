import { describe, expect, it } from 'vitest';
import { EMPTY_PARTNER_FORM, visiblePartnerErrors as visibleWith } from './partner-form.ts';
import { partnerRequestErrors } from './partner-rules.ts';

const visiblePartnerErrors = (values: typeof EMPTY_PARTNER_FORM, isSubmitted: boolean) =>
  visibleWith(values, isSubmitted, partnerRequestErrors);

describe('visiblePartnerErrors', () => {
  it('shows nothing on an untouched form', () => {
    expect(visiblePartnerErrors(EMPTY_PARTNER_FORM, false)).toEqual({});
  });

  it('shows a field message live once that field has text', () => {
    const values = { ...EMPTY_PARTNER_FORM, email: 'maya@', phone: '512' };
    expect(visiblePartnerErrors(values, false)).toEqual({
      email: 'Please enter a valid email address',
      phone: 'Please enter a valid phone number',
    });
  });

  it('shows a required message for a field that holds only spaces', () => {
    expect(visiblePartnerErrors({ ...EMPTY_PARTNER_FORM, firstName: '  ' }, false)).toEqual({
      firstName: 'First name is required',
    });
  });

  it('shows every message after a submit attempt', () => {
    expect(visiblePartnerErrors(EMPTY_PARTNER_FORM, true)).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      email: 'Email is required',
      phone: 'Phone number is required',
    });
  });

  it('clears a message once the field is right', () => {
    const values = { ...EMPTY_PARTNER_FORM, email: 'maya@example.com', phone: '(512) 555-0142' };
    expect(visiblePartnerErrors(values, false)).toEqual({});
  });

  it('shows nothing while the rules are still loading, even after a submit attempt', () => {
    expect(visibleWith({ ...EMPTY_PARTNER_FORM, email: 'maya@' }, true, undefined)).toEqual({});
  });
});
