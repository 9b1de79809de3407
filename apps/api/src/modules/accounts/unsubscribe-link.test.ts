import { describe, expect, it } from 'vitest';
import { buildUnsubscribeUrl, createUnsubscribeToken, readUnsubscribeToken } from './unsubscribe-link.ts';

const secret = 'a-link-secret-for-tests-0123456789';
const id = '5d1f0a2e-8c1b-4f7e-9a3d-2b6c8e0f1a47';
const now = new Date('2026-01-01T00:00:00Z');

describe('unsubscribe links', () => {
  it('reads back the identity of a token it made', () => {
    expect(readUnsubscribeToken(secret, createUnsubscribeToken(secret, id, now), now)).toBe(id);
  });

  it('refuses a token signed with another key, a changed identity, a stretched expiry and garbage', () => {
    const token = createUnsubscribeToken(secret, id, now);
    const [, expires, sig] = token.split('.');
    expect(readUnsubscribeToken('another-secret', token, now)).toBeUndefined();
    expect(
      readUnsubscribeToken(secret, `6d1f0a2e-8c1b-4f7e-9a3d-2b6c8e0f1a47.${expires}.${sig}`, now),
    ).toBeUndefined();
    expect(readUnsubscribeToken(secret, `${id}.${Number(expires) + 1000}.${sig}`, now)).toBeUndefined();
    for (const junk of ['', 'a.b.c', `${id}..${sig}`, token.slice(0, -1), `${token}.x`]) {
      expect(readUnsubscribeToken(secret, junk, now)).toBeUndefined();
    }
  });

  it('expires after a year', () => {
    const token = createUnsubscribeToken(secret, id, now);
    expect(readUnsubscribeToken(secret, token, new Date('2026-12-31T00:00:00Z'))).toBe(id);
    expect(readUnsubscribeToken(secret, token, new Date('2027-01-02T00:00:00Z'))).toBeUndefined();
  });

  it('builds the web page link /unsubscribe/{token}', () => {
    const url = buildUnsubscribeUrl({ publicUrl: 'https://store.example', linkSecret: secret }, id, now);
    expect(url).toMatch(/^https:\/\/store\.example\/unsubscribe\/[\w.-]+$/);
    expect(readUnsubscribeToken(secret, url.split('/').pop()!, now)).toBe(id);
  });
});
