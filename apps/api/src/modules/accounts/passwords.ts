import { availableParallelism } from 'node:os';
import { PASSWORD_MAX, PASSWORD_MIN } from '@store/contracts';
import { dictionary } from '@zxcvbn-ts/language-common';
import argon2 from 'argon2';
import { badRequest } from '../../http/errors.ts';
import { hashInHasher, verifyInHasher } from './password-hasher.ts';

/** OWASP's argon2id minimum (m=19 MiB, t=2, p=1); hashes made with older settings are upgraded at login. */
export const HASH_OPTIONS = {
  type: argon2.argon2id,
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
} as const;

/**
 * How many argon2 computations run at once: one core fewer than the machine has (at least one).
 * Each takes tens of milliseconds of a core; unbounded, a burst of logins or sign-ups would take
 * every core and every other request would wait behind them. Bounded, the excess logins queue
 * here and the event loop keeps a core (docs/performance.md#logins-beside-other-requests).
 */
export const HASH_SLOTS = Math.max(1, availableParallelism() - 1);

let busySlots = 0;
const waiting: Array<() => void> = [];

/** Runs one argon2 computation in a free slot, after those already waiting. */
export async function inHashSlot<T>(work: () => Promise<T>): Promise<T> {
  if (busySlots >= HASH_SLOTS) await new Promise<void>((resolve) => waiting.push(resolve));
  else busySlots++;
  try {
    return await work();
  } finally {
    // The slot passes straight to the next in line, or is freed.
    const next = waiting.shift();
    if (next) next();
    else busySlots--;
  }
}

/** How many of the most common passwords are refused (docs/product.md#passwords). */
const COMMON_PASSWORD_COUNT = 3000;

let commonPasswords: Set<string> | undefined;

/** The ranked list ships with zxcvbn-ts; it is loaded once, on first use. */
function isCommonPassword(password: string): boolean {
  commonPasswords ??= new Set((dictionary['passwords-common'] as string[]).slice(0, COMMON_PASSWORD_COUNT));
  // The list is lower case; "Password1" is as guessable as "password1".
  return commonPasswords.has(password) || commonPasswords.has(password.toLowerCase());
}

/**
 * A new password's rules: the spec's minimum and message, at most 128 characters, no
 * composition rules, and not one of the 3,000 most common passwords. The password is used
 * exactly as typed (no trimming, no Unicode normalisation).
 */
export function requireAcceptablePassword(password: string, field = 'password'): void {
  const fail = (message: string) => badRequest(message, { [field]: message });
  // Length counts code points, so an emoji is one character as a person sees it.
  const length = [...password].length;
  if (length < PASSWORD_MIN) throw fail('Password must be more than 6 characters!');
  if (length > PASSWORD_MAX) throw fail(`Password must be at most ${PASSWORD_MAX} characters.`);
  if (isCommonPassword(password)) throw fail('This password is too common. Please choose a less common one.');
}

/**
 * An argon2id PHC string in the reference order `m=…,t=…,p=…` (the library writes `m,p,t`;
 * it reads either), so other argon2 tools and audits read it as written.
 */
export async function hashPassword(password: string): Promise<string> {
  const hash = await inHashSlot(() => hashInHasher(password, HASH_OPTIONS));
  return hash.replace(/\$m=(\d+),p=(\d+),t=(\d+)\$/, '$$m=$1,t=$3,p=$2$$');
}

/** Checks a password; `needsRehash` says the hash was made with weaker settings than today's. */
export async function verifyPassword(
  hash: string,
  password: string,
): Promise<{ ok: boolean; needsRehash: boolean }> {
  try {
    const ok = await inHashSlot(() => verifyInHasher(hash, password));
    return { ok, needsRehash: ok && argon2.needsRehash(hash, HASH_OPTIONS) };
  } catch {
    // A malformed stored hash never signs anyone in.
    return { ok: false, needsRehash: false };
  }
}

/** How accounts hash and check passwords: argon2id (`ARGON2_PASSWORDS`) unless the app is given another. */
export interface PasswordHashing {
  hash(password: string): Promise<string>;
  verify(hash: string, password: string): Promise<{ ok: boolean; needsRehash: boolean }>;
}

export const ARGON2_PASSWORDS: PasswordHashing = { hash: hashPassword, verify: verifyPassword };

/**
 * argon2id that hashes one known password once and answers that hash for it every time after, and
 * checks that pair without hashing again (a salt of its own per account is what it gives up). Only
 * for the demo members' seeding app (docs/product.md#demo-data-and-sandbox), where hundreds of
 * accounts share one published password; any other password goes through argon2 as usual.
 */
export function passwordsKnowing(known: string): PasswordHashing {
  let knownHash: Promise<string> | undefined;
  const hashOfKnown = () => {
    knownHash ??= hashPassword(known);
    return knownHash;
  };
  return {
    hash: (password) => (password === known ? hashOfKnown() : hashPassword(password)),
    async verify(hash, password) {
      if (password === known && knownHash && hash === (await knownHash))
        return { ok: true, needsRehash: false };
      return verifyPassword(hash, password);
    },
  };
}

let dummyHash: Promise<string> | undefined;

/** Spends the same time as a real check, so an unknown email answers as slowly as a wrong password. */
export async function verifyAgainstDummy(password: string): Promise<void> {
  dummyHash ??= inHashSlot(() => hashInHasher('not-a-real-password-but-same-cost', HASH_OPTIONS));
  const hash = await dummyHash;
  await inHashSlot(() => verifyInHasher(hash, password)).catch(() => false);
}
