import { getPriority } from 'node:os';
import argon2 from 'argon2';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../http/errors.ts';
import { HASHER_NICE, hasherPid, stopHasher } from './password-hasher.ts';
import {
  HASH_SLOTS,
  hashPassword,
  inHashSlot,
  requireAcceptablePassword,
  verifyPassword,
} from './passwords.ts';

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

describe('password hashing beside other requests (docs/performance.md#logins-beside-other-requests)', () => {
  it('runs at most HASH_SLOTS computations at once, queues the rest in order, and frees a slot after a failure', async () => {
    let running = 0;
    let most = 0;
    const finished: number[] = [];
    const work = (n: number) => async () => {
      running++;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 5));
      running--;
      finished.push(n);
      if (n === 0) throw new Error('this one fails');
      return n;
    };
    const count = HASH_SLOTS + 3;
    const results = await Promise.allSettled(Array.from({ length: count }, (_, n) => inHashSlot(work(n))));
    expect(most).toBe(HASH_SLOTS);
    expect(results[0]?.status).toBe('rejected');
    expect(results.slice(1).map((r) => (r.status === 'fulfilled' ? r.value : 'failed'))).toEqual(
      Array.from({ length: count - 1 }, (_, n) => n + 1),
    );
    // The queue drained completely: a new computation starts at once.
    let startedAtOnce = false;
    await inHashSlot(async () => {
      startedAtOnce = running === 0;
    });
    expect(startedAtOnce).toBe(true);
    // First come, first served.
    expect(finished).toEqual(Array.from({ length: count }, (_, n) => n));
  });

  it('still hashes and verifies through the slots', async () => {
    const hashes = await Promise.all([hashPassword('first-Password!'), hashPassword('second-Password!')]);
    expect(await verifyPassword(hashes[0]!, 'first-Password!')).toEqual({ ok: true, needsRehash: false });
    expect((await verifyPassword(hashes[1]!, 'first-Password!')).ok).toBe(false);
  });

  it('hashes in a child process of lower priority, in the same format as argon2 in this process', async () => {
    const hash = await hashPassword('child-Password!');
    const pid = hasherPid();
    expect(pid).toBeDefined();
    expect(pid).not.toBe(process.pid);
    expect(getPriority(pid!)).toBe(HASHER_NICE);
    // Either side reads the other's hashes.
    expect(await argon2.verify(hash, 'child-Password!')).toBe(true);
    const here = await argon2.hash('here-Password!', {
      type: argon2.argon2id,
      memoryCost: 19456,
      timeCost: 2,
    });
    expect((await verifyPassword(here, 'here-Password!')).ok).toBe(true);
    expect((await verifyPassword(here, 'there-Password!')).ok).toBe(false);
  });

  it('finishes a check in this process when the child stops before answering, and starts a new child after', async () => {
    const hash = await hashPassword('stopping-Password!');
    const before = hasherPid();
    const checks = [verifyPassword(hash, 'stopping-Password!'), verifyPassword(hash, 'wrong-Password!')];
    stopHasher();
    expect(await Promise.all(checks)).toEqual([
      { ok: true, needsRehash: false },
      { ok: false, needsRehash: false },
    ]);
    expect((await verifyPassword(hash, 'stopping-Password!')).ok).toBe(true);
    expect(hasherPid()).toBeDefined();
    expect(hasherPid()).not.toBe(before);
  });
});
