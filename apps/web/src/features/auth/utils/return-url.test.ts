import { describe, expect, it } from 'vitest';
import { DEFAULT_AFTER_LOGIN, safeReturnUrl } from './return-url.ts';

describe('safeReturnUrl', () => {
  it('keeps a path on this site with its query and hash', () => {
    expect(safeReturnUrl('/profile')).toBe('/profile');
    expect(safeReturnUrl('/checkout/abc?step=2#card')).toBe('/checkout/abc?step=2#card');
    expect(safeReturnUrl('/result/42')).toBe('/result/42');
  });

  it('falls back to /membership without a returnUrl', () => {
    expect(safeReturnUrl(null)).toBe(DEFAULT_AFTER_LOGIN);
    expect(safeReturnUrl(undefined)).toBe(DEFAULT_AFTER_LOGIN);
    expect(safeReturnUrl('')).toBe(DEFAULT_AFTER_LOGIN);
  });

  it.each([
    ['protocol-relative', '//evil.com'],
    ['protocol-relative with a path', '//evil.com/profile'],
    ['absolute https', 'https://evil.com'],
    ['absolute http to our own looks', 'http://localhost/profile'],
    ['javascript scheme', 'javascript:alert(1)'],
    ['data scheme', 'data:text/html,hi'],
    ['backslash after the slash', '/\\evil.com'],
    ['backslash later on', '/a\\..\\\\evil.com'],
    ['tab hiding a second slash', '/\t/evil.com'],
    ['newline hiding a second slash', '/\n/evil.com'],
    ['relative without a slash', 'profile'],
    ['a very long value', `/${'a'.repeat(2001)}`],
  ])('refuses %s', (_name, raw) => {
    expect(safeReturnUrl(raw)).toBe(DEFAULT_AFTER_LOGIN);
  });

  it('does not return to the login or sign-up screen', () => {
    expect(safeReturnUrl('/login?returnUrl=%2Fprofile')).toBe(DEFAULT_AFTER_LOGIN);
    expect(safeReturnUrl('/register')).toBe(DEFAULT_AFTER_LOGIN);
  });

  it('keeps encoded slashes as a path on this site', () => {
    expect(safeReturnUrl('/%2F%2Fevil.com')).toBe('/%2F%2Fevil.com');
  });
});
