import argon2 from 'argon2';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../http/errors.ts';
import { hashPassword, requireAcceptablePassword, verifyPassword } from './passwords.ts';

function policyError(password: string): string | undefined {
  try {
    requireAcceptablePassword(password);
    return undefined;
  } catch (error) {
    if (error instanceof AppError) return error.message;
    throw error;
  }
}

describe('A3 password policy', () => {
  it('refuses 5 characters with the spec message and accepts 6', () => {
    expect(policyError('zq7#k')).toBe('Password must be more than 6 characters!');
    expect(policyError('zq7#kw')).toBeUndefined();
  });

  it('accepts 64 and 128 characters and refuses 129', () => {
    expect(policyError('a1'.repeat(32))).toBeUndefined();
    expect(policyError(`${'b2c'.repeat(42)}xy`)).toBeUndefined();
    expect(policyError('x'.repeat(129))).toBe('Password must be at most 128 characters.');
  });

  it('has no composition rules: lower case only, digits only and spaces are fine when uncommon', () => {
    expect(policyError('lowercaseonlyhere')).toBeUndefined();
    expect(policyError('73914062857')).toBeUndefined();
    expect(policyError('four words with spaces')).toBeUndefined();
  });

  it('refuses the most common passwords, whatever their case', () => {
    for (const common of ['password', '12345678', 'qwerty', 'iloveyou', 'Password', 'QWERTY123']) {
      expect(policyError(common)).toBe('This password is too common. Please choose a less common one.');
    }
  });

  it('counts characters as a person sees them (an emoji is one)', () => {
    expect(policyError('🔒🔒🔒🔒🔒')).toBe('Password must be more than 6 characters!');
    expect(policyError('🔒🔒🔒🔒🔒🔒')).toBeUndefined();
  });
});

describe('A2 hashing', () => {
  it('compares Unicode exactly: no normalisation, no case folding, no truncation', async () => {
    const composed = 'caf\u00e9-au-lait';
    const decomposed = 'cafe\u0301-au-lait';
    const hash = await hashPassword(composed);
    expect((await verifyPassword(hash, composed)).ok).toBe(true);
    expect((await verifyPassword(hash, decomposed)).ok).toBe(false);
    expect((await verifyPassword(hash, composed.toUpperCase())).ok).toBe(false);

    const long = `${'p'.repeat(100)}-tail-one`;
    const longHash = await hashPassword(long);
    expect((await verifyPassword(longHash, `${'p'.repeat(100)}-tail-two`)).ok).toBe(false);
  });

  it('says a hash made with weaker settings needs a rehash, and a current one does not', async () => {
    const old = await argon2.hash('upgrade-me-please', {
      type: argon2.argon2id,
      memoryCost: 4096,
      timeCost: 1,
      parallelism: 1,
    });
    expect(await verifyPassword(old, 'upgrade-me-please')).toEqual({ ok: true, needsRehash: true });
    const current = await hashPassword('upgrade-me-please');
    expect(await verifyPassword(current, 'upgrade-me-please')).toEqual({ ok: true, needsRehash: false });
  });

  it('never signs in against a malformed stored hash', async () => {
    expect(await verifyPassword('not-a-hash', 'anything')).toEqual({ ok: false, needsRehash: false });
  });
});
