import { LoginSchema, RegisterSchema } from '@store/contracts';
import { describe, expect, it } from 'vitest';
import { firstErrorByField } from './use-zod-form.ts';

function messages(schema: typeof LoginSchema | typeof RegisterSchema, values: Record<string, unknown>) {
  const result = schema.safeParse(values);
  return result.success ? {} : firstErrorByField(result.error.issues);
}

describe('form messages (docs/product.md#rules, word for word)', () => {
  it('login: email and password required', () => {
    expect(messages(LoginSchema, { emailAddress: '', password: '' })).toEqual({
      emailAddress: 'Email is required.',
      password: 'Password is required.',
    });
  });

  it('login: a malformed email', () => {
    expect(messages(LoginSchema, { emailAddress: 'someone@', password: 'x' })).toEqual({
      emailAddress: 'Please enter a valid email.',
    });
  });

  it('sign-up: short password, spaced username, age not confirmed', () => {
    expect(
      messages(RegisterSchema, {
        emailAddress: 'a@b.co',
        password: '12345',
        username: 'two words',
        isAgeConfirmed: false,
      }),
    ).toEqual({
      password: 'Password must be more than 6 characters!',
      username: 'Username should contain no spacing!',
      isAgeConfirmed: 'Please confirm you are 13 or older.',
    });
  });

  it('sign-up: an empty username is no username', () => {
    expect(
      messages(RegisterSchema, {
        emailAddress: 'a@b.co',
        password: '123456',
        username: '',
        isAgeConfirmed: true,
      }),
    ).toEqual({});
  });

  it('keeps only the first message of a field', () => {
    const issues = [
      { path: ['password'], message: 'first' },
      { path: ['password'], message: 'second' },
      { path: [], message: 'form-level' },
    ];
    expect(firstErrorByField(issues)).toEqual({ password: 'first' });
  });
});
