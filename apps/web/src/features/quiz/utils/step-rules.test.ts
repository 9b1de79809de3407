import { describe, expect, it } from 'vitest';
import { emptyDraft } from './quiz-draft.ts';
import * as rules from './registration-rules.ts';
import {
  AGE_OPTIONS,
  canGoNext,
  type RegistrationForm,
  validateRegistration,
  whyNotNext,
} from './step-rules.ts';

const filledForm: RegistrationForm = {
  emailAddress: 'sam@example.com',
  password: 'tasty-samples-42',
  confirmPassword: 'tasty-samples-42',
  age: 30,
  phoneNumber: '',
  isEmailSubscribed: false,
};

describe('canGoNext', () => {
  it('keeps Next disabled on the flavor step until exactly four flavors are chosen', () => {
    expect(canGoNext(6, { ...emptyDraft(), flavors: [1, 2, 3] }, filledForm)).toBe(false);
    expect(canGoNext(6, { ...emptyDraft(), flavors: [1, 2, 3, 4] }, filledForm)).toBe(true);
  });

  it('needs an answer on the single-choice steps', () => {
    expect(canGoNext(2, emptyDraft(), filledForm)).toBe(false);
    expect(canGoNext(2, { ...emptyDraft(), exerciseFrequency: 0 }, filledForm)).toBe(true);
    expect(canGoNext(8, emptyDraft(), filledForm)).toBe(false);
    expect(canGoNext(8, { ...emptyDraft(), usedProteinBefore: false }, filledForm)).toBe(true);
  });

  it('needs at least one exercise on step 1, like the answer of step 2', () => {
    expect(canGoNext(1, emptyDraft(), filledForm)).toBe(false);
    expect(whyNotNext(1, emptyDraft(), filledForm)).toBe('Choose at least one answer to continue.');
    expect(canGoNext(1, { ...emptyDraft(), exerciseTypes: [9] }, filledForm)).toBe(true);
  });

  it('lets the later multi-select steps go on with nothing chosen', () => {
    for (const step of [3, 4, 5, 7, 9, 10, 11]) expect(canGoNext(step, emptyDraft(), filledForm)).toBe(true);
  });

  it('keeps Next disabled on registration until email, both passwords and an age are given', () => {
    expect(canGoNext(12, emptyDraft(), filledForm)).toBe(true);
    expect(canGoNext(12, emptyDraft(), { ...filledForm, emailAddress: '  ' })).toBe(false);
    expect(canGoNext(12, emptyDraft(), { ...filledForm, password: '' })).toBe(false);
    expect(canGoNext(12, emptyDraft(), { ...filledForm, confirmPassword: '' })).toBe(false);
    expect(canGoNext(12, emptyDraft(), { ...filledForm, age: 0 })).toBe(false);
  });
});

describe('validateRegistration', () => {
  const broken = {
    emailAddress: 'not-an-email',
    password: '123',
    confirmPassword: '1234',
    age: 12,
    phoneNumber: '12',
    isEmailSubscribed: false,
  };

  it('accepts a complete form with or without a phone', () => {
    expect(validateRegistration(filledForm, undefined, rules)).toEqual({});
    expect(validateRegistration({ ...filledForm, phoneNumber: '(555) 123-4567' }, undefined, rules)).toEqual(
      {},
    );
  });

  it('explains each broken field', () => {
    expect(validateRegistration(broken, undefined, rules)).toEqual({
      emailAddress: 'Please enter a valid email.',
      password: 'Password must be more than 6 characters!',
      confirmPassword: 'Passwords do not match.',
      age: 'You must be 13 or older to join.',
      phoneNumber: 'Please enter a valid phone number.',
    });
  });

  it('without the email and password rules (they could not load), leaves those two to the server', () => {
    expect(validateRegistration(broken, undefined, undefined)).toEqual({
      confirmPassword: 'Passwords do not match.',
      age: 'You must be 13 or older to join.',
      phoneNumber: 'Please enter a valid phone number.',
    });
  });
});

describe('AGE_OPTIONS', () => {
  it('offers ages 13 to 100', () => {
    expect(AGE_OPTIONS[0]).toBe(13);
    expect(AGE_OPTIONS.at(-1)).toBe(100);
    expect(AGE_OPTIONS).toHaveLength(88);
  });
});

describe('whyNotNext', () => {
  it('says nothing while Next is enabled', () => {
    expect(whyNotNext(3, emptyDraft(), filledForm)).toBeNull();
    expect(whyNotNext(12, emptyDraft(), filledForm)).toBeNull();
  });

  it('counts the flavors still to choose', () => {
    expect(whyNotNext(6, { ...emptyDraft(), flavors: [1] }, filledForm)).toBe(
      'Choose 3 more flavors to continue.',
    );
    expect(whyNotNext(6, { ...emptyDraft(), flavors: [1, 2, 3] }, filledForm)).toBe(
      'Choose 1 more flavor to continue.',
    );
  });

  it('asks for an answer on a single-choice step, and for the missing fields at registration', () => {
    expect(whyNotNext(2, emptyDraft(), filledForm)).toBe('Choose an answer to continue.');
    expect(whyNotNext(12, emptyDraft(), { ...filledForm, age: 0 })).toMatch(/age to continue/);
    expect(
      whyNotNext(12, emptyDraft(), { ...filledForm, age: 0 }, { emailAddress: 'a@b.co', needsAge: true }),
    ).toBe('Choose your age to continue.');
  });
});
