import { StorageKeys, type TokenPair } from '@store/contracts';

/**
 * The stored session: the spec keeps the access token under `auth` and the refresh token under
 * `authRefreshToken` in local storage (docs/api-conventions.md#tokens keeps that, with 15-minute access tokens and
 * rotating refresh tokens).
 */
export function getAccessToken(): string | null {
  return safeGet(StorageKeys.auth);
}

export function getRefreshToken(): string | null {
  return safeGet(StorageKeys.authRefreshToken);
}

export function isSignedIn(): boolean {
  return Boolean(getAccessToken());
}

/** After a sign-in: other stored items are cleared, then both tokens are kept (docs/product.md#states-and-flows). */
export function startSession(pair: TokenPair) {
  try {
    localStorage.clear();
  } catch {
    // storage unavailable: the session lives only as long as the page
  }
  storeTokens(pair);
}

/** After a refresh: the new pair replaces the old one, nothing else changes. */
export function storeTokens(pair: TokenPair) {
  safeSet(StorageKeys.auth, pair.token);
  safeSet(StorageKeys.authRefreshToken, pair.refresh_token);
}

export function clearSession() {
  try {
    localStorage.removeItem(StorageKeys.auth);
    localStorage.removeItem(StorageKeys.authRefreshToken);
  } catch {
    // nothing stored
  }
}

function safeGet(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function safeSet(key: string, value: string) {
  try {
    localStorage.setItem(key, value);
  } catch {
    // storage full or blocked
  }
}
