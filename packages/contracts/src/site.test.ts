import { describe, expect, it } from 'vitest';
import { partnerRequestErrors, US_PHONE_PATTERN } from './site.ts';

const blank = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  fitnessType: '',
  instagram: '',
  tiktok: '',
  otherSocials: '',
};

describe('partnerRequestErrors', () => {
  it('names every required field of an empty form with the spec messages', () => {
    expect(partnerRequestErrors(blank)).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      email: 'Email is required',
      phone: 'Phone number is required',
    });
  });

  it('has no errors for a complete application with empty optional socials', () => {
    expect(
      partnerRequestErrors({
        ...blank,
        firstName: 'Maya',
        lastName: 'Torres',
        email: 'maya@example.com',
        phone: '5125550142',
      }),
    ).toEqual({});
  });

  it('wants a top-level domain of 2 or more letters', () => {
    const base = { ...blank, firstName: 'M', lastName: 'T', phone: '5125550142' };
    expect(partnerRequestErrors({ ...base, email: 'maya@example.c' }).email).toBe(
      'Please enter a valid email address',
    );
    expect(partnerRequestErrors({ ...base, email: 'maya@example.co' }).email).toBeUndefined();
  });
});

describe('US_PHONE_PATTERN', () => {
  it.each(['5125550142', '(512) 555-0142', '512-555-0142', '512.555.0142', '512 555 0142', '(512)555-0142'])(
    'accepts %s',
    (phone) => expect(US_PHONE_PATTERN.test(phone)).toBe(true),
  );
  it.each(['555-0142', '51255501420', '+1 512 555 0142', '512/555/0142', 'phone'])('refuses %s', (phone) =>
    expect(US_PHONE_PATTERN.test(phone)).toBe(false),
  );
});
