import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { readCookie } from '../../http/cookies.ts';

/**
 * Who may read or change an anonymous quiz: whoever holds the random secret in this HttpOnly,
 * SameSite=Strict cookie. Only its SHA-256 is stored, on the quiz. One browser keeps one secret
 * for all the quizzes it creates.
 */
export const QUIZ_OWNER_COOKIE = 'quiz_owner';
const MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

export function newOwnerSecret(): string {
  return randomBytes(32).toString('base64url');
}

export function hashOwnerSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/** Whether `secret` is the one whose hash the quiz stores. */
export function isOwnerSecret(secret: string | undefined, storedHash: string | null): boolean {
  if (!secret || !storedHash) return false;
  const given = Buffer.from(hashOwnerSecret(secret), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored);
}

/** The caller's owner secret, when the cookie holds a well-formed one. */
export function ownerSecretOf(request: FastifyRequest): string | undefined {
  const value = readCookie(request.headers.cookie, QUIZ_OWNER_COOKIE);
  return value && /^[\w-]{43}$/.test(value) ? value : undefined;
}

export function setOwnerCookie(reply: FastifyReply, secret: string, secure: boolean) {
  reply.header(
    'Set-Cookie',
    `${QUIZ_OWNER_COOKIE}=${secret}; Path=/api; Max-Age=${MAX_AGE_SECONDS}; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`,
  );
}
