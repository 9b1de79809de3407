import { type ErrorBody, SERVER_ERROR_MESSAGE, type TokenPair } from '@store/contracts';
import { notify } from './notifications.ts';
import { clearSession, getAccessToken, getRefreshToken, storeTokens } from './session.ts';

/** An API answer that was not 2xx. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  readonly fieldErrors: Record<string, string> | undefined;

  constructor(status: number, body: Partial<ErrorBody> | undefined, fallback: string) {
    super(body?.error_description ?? fallback);
    this.name = 'ApiError';
    this.status = status;
    this.code = body?.code;
    this.fieldErrors = body?.fieldErrors;
  }
}

export interface ApiOptions {
  query?: Record<string, string | number | boolean | undefined | null>;
  body?: unknown;
  /** Extra headers (an Idempotency-Key for payments). */
  headers?: Record<string, string>;
  /** Skip the global snackbars (a screen shows its own message). */
  quiet?: boolean;
  /**
   * false: a 401 is only thrown, without refreshing or logging out (the logout call itself, which
   * must end on the home page whatever the server says).
   */
  handleUnauthorized?: boolean;
  signal?: AbortSignal;
}

const API_BASE = '/api';

/** What the app shows when the store cannot be reached at all (offline, DNS, server down). */
export const NETWORK_ERROR_MESSAGE =
  "We couldn't reach the store. Please check your connection and try again.";

/** Called when the session cannot be refreshed: the app logs out and goes to login (lib/auth.ts sets it). */
let onSessionExpired: () => void = () => {
  clearSession();
  window.location.assign('/login');
};

export function setSessionExpiredHandler(handler: () => void) {
  onSessionExpired = handler;
}

function readCookie(name: string): string | undefined {
  const match = document.cookie.split('; ').find((c) => c.startsWith(`${name}=`));
  return match ? decodeURIComponent(match.slice(name.length + 1)) : undefined;
}

function buildUrl(path: string, query?: ApiOptions['query']): string {
  const url = `${API_BASE}${path.startsWith('/') ? path : `/${path}`}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null) params.set(k, String(v));
  const qs = params.toString();
  return qs ? `${url}?${qs}` : url;
}

async function send(method: string, path: string, options: ApiOptions): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  const token = getAccessToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (method !== 'GET') {
    const xsrf = readCookie('XSRF-TOKEN');
    if (xsrf) headers['X-XSRF-TOKEN'] = xsrf;
  }
  let body: string | undefined;
  if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  return fetch(buildUrl(path, options.query), {
    method,
    headers,
    body,
    signal: options.signal,
    credentials: 'same-origin',
  });
}

let refreshing: Promise<boolean> | undefined;

/** One refresh at a time: parallel 401s wait for the same rotation instead of tripping reuse detection. */
export function refreshSession(): Promise<boolean> {
  refreshing ??= (async () => {
    const refreshToken = getRefreshToken();
    if (!refreshToken) return false;
    try {
      const res = await send('POST', '/Account/RefreshToken', { body: { refresh_token: refreshToken } });
      if (!res.ok) return false;
      storeTokens((await res.json()) as TokenPair);
      return true;
    } catch {
      return false;
    }
  })().finally(() => {
    refreshing = undefined;
  });
  return refreshing;
}

async function readBody(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * The one fetch wrapper (docs/product.md#calls, docs/product.md#messages-on-screen): bearer and XSRF headers, 401 -> refresh then retry
 * once -> log out; 400 shows `error_description`, 500 the apology, each as a snackbar.
 */
export async function api<T>(method: string, path: string, options: ApiOptions = {}): Promise<T> {
  const sentToken = getAccessToken();
  let res: Response;
  try {
    res = await send(method, path, options);
  } catch (error) {
    if (!options.quiet && !(error instanceof DOMException && error.name === 'AbortError')) {
      notify(NETWORK_ERROR_MESSAGE, 'error');
    }
    throw error;
  }
  if (res.status === 401 && options.handleUnauthorized !== false && getAccessToken()) {
    // Another request may have refreshed the pair meanwhile: then only retry with the new token.
    const isRefreshed = getAccessToken() !== sentToken || (await refreshSession());
    if (isRefreshed) res = await send(method, path, options);
    if (res.status === 401) {
      onSessionExpired();
      throw new ApiError(401, undefined, 'Please log in again.');
    }
  }
  const data = await readBody(res);
  if (res.ok) return data as T;
  const errorBody = typeof data === 'object' && data !== null ? (data as Partial<ErrorBody>) : undefined;
  if (!options.quiet) {
    if (res.status === 400) {
      notify(
        errorBody?.error_description ??
          (typeof data === 'string' && data ? data : 'Please check your input.'),
        'error',
      );
    } else if (res.status >= 500) {
      notify(SERVER_ERROR_MESSAGE, 'error');
    }
  }
  throw new ApiError(res.status, errorBody, res.status >= 500 ? SERVER_ERROR_MESSAGE : 'The request failed.');
}

export const apiGet = <T>(path: string, options?: ApiOptions) => api<T>('GET', path, options);
export const apiPost = <T>(path: string, options?: ApiOptions) => api<T>('POST', path, options);
export const apiDelete = <T>(path: string, options?: ApiOptions) => api<T>('DELETE', path, options);
