import { describe, expect, it } from 'vitest';
import { NewPasswordFormSchema } from './new-password-form.ts';

describe('NewPasswordFormSchema', () => {
  it('accepts the same password twice', () => {
    expect(
      NewPasswordFormSchema.safeParse({ password: 'a-new-pass', confirmPassword: 'a-new-pass' }).success,
    ).toBe(true);
  });

  it('says so when the two differ', () => {
    const result = NewPasswordFormSchema.safeParse({ password: 'a-new-pass', confirmPassword: 'a-new-pas' });
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['confirmPassword', 'Passwords do not match.'],
    ]);
  });

  it('keeps the sign-up rule for the length', () => {
    const result = NewPasswordFormSchema.safeParse({ password: '12345', confirmPassword: '12345' });
    expect(result.error?.issues[0]?.message).toBe('Password must be more than 6 characters!');
  });
});
