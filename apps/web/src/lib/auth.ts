import { type AuthInfo, StorageKeys } from '@store/contracts';
import { useEffect, useSyncExternalStore } from 'react';
import { ApiError, apiGet, apiPost, setSessionExpiredHandler } from './api-client.ts';
import { clearSession, getAccessToken, getRefreshToken } from './session.ts';

/**
 * Who is signed in (docs/product.md#states-and-flows): with a stored token the app loads GET /Account/AuthInfo once
 * and shares identity, subscription and the unfinished checkout with every screen.
 */
export type AuthStatus = 'signed-out' | 'loading' | 'signed-in' | 'unavailable';

export interface AuthState {
  status: AuthStatus;
  /** The last AuthInfo answer; null while signed out, loading, or when it could not be read. */
  info: AuthInfo | null;
}

let state: AuthState = { status: getAccessToken() ? 'loading' : 'signed-out', info: null };
let loading: Promise<void> | undefined;
const listeners = new Set<() => void>();

function setState(next: AuthState) {
  state = next;
  for (const l of listeners) l();
}

/** Loads (or reloads, after a payment or a profile change) the signed-in user's AuthInfo. */
export function loadAuthInfo(): Promise<void> {
  if (!getAccessToken()) {
    setState({ status: 'signed-out', info: null });
    return Promise.resolve();
  }
  loading ??= apiGet<AuthInfo>('/Account/AuthInfo', { quiet: true })
    .then((info) => setState({ status: 'signed-in', info }))
    .catch((error: unknown) => {
      // A 401 has already logged out through the api client; anything else keeps the session.
      if (error instanceof ApiError && error.status === 401) setState({ status: 'signed-out', info: null });
      else setState({ status: 'unavailable', info: state.info });
    })
    .finally(() => {
      loading = undefined;
    });
  return loading;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/**
 * A prerendered page is built for a visitor (docs/decisions/014-prerendered-public-pages.md#member-state):
 * the server and the first client render both say signed out, then the stored session takes over.
 */
const VISITOR: AuthState = { status: 'signed-out', info: null };

/** The shared auth state; the first reader with a stored token starts loading AuthInfo. */
export function useAuth(): AuthState {
  const current = useSyncExternalStore(
    subscribe,
    () => state,
    () => VISITOR,
  );
  useEffect(() => {
    if (current.status === 'loading') void loadAuthInfo();
  }, [current.status]);
  return current;
}

/** Forgets the session in this browser: tokens, the cart of that account, and the loaded user. */
function forgetSession() {
  clearSession();
  try {
    localStorage.removeItem(StorageKeys.cartId);
  } catch {
    // storage unavailable: nothing kept
  }
  setState({ status: 'signed-out', info: null });
}

/**
 * Logout (docs/product.md#states-and-flows, docs/product.md#member-area): revokes the refresh-token family on the server, forgets the
 * session, goes to the home page and reloads it, so no cached member data survives.
 */
export async function logout(): Promise<void> {
  const refreshToken = getRefreshToken();
  if (refreshToken) {
    // Leaving must work even when the server cannot be reached or the token is already dead.
    await apiPost('/Account/Logout', {
      body: { refresh_token: refreshToken },
      quiet: true,
      handleUnauthorized: false,
    }).catch(() => undefined);
  }
  forgetSession();
  window.location.assign('/');
}

// A session that cannot be refreshed ends here: back to login, then to where the person was.
setSessionExpiredHandler(() => {
  forgetSession();
  const { pathname, search } = window.location;
  if (pathname === '/login') return;
  window.location.assign(`/login?returnUrl=${encodeURIComponent(`${pathname}${search}`)}`);
});

// Another tab logged out or in: follow it, so this tab never acts as someone else.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key !== null && event.key !== StorageKeys.auth) return;
    const token = getAccessToken();
    if (!token && state.status !== 'signed-out') setState({ status: 'signed-out', info: null });
    else if (token && state.status === 'signed-out') setState({ status: 'loading', info: null });
  });
}
