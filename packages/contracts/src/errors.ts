/**
 * The closed list of error codes the API answers with. The web app may switch on them; the
 * `error_description` beside a code is written for a person.
 */
export const ErrorCodes = [
  /** A request field failed its schema; `fieldErrors` says which. */
  'validation_failed',
  /** The request is malformed in a way that is not a single field (bad JSON, wrong shape). */
  'bad_request',
  /** A password, token or credential was sent in the query string instead of the body. */
  'credentials_in_query',
  /** No valid access token. */
  'unauthorized',
  /** Signed in, but not allowed (for example not an operator, or an XSRF check failed). */
  'forbidden',
  /** Missing, or belongs to someone else. */
  'not_found',
  /** The object is in a state that does not allow this (paying an order twice). */
  'conflict',
  /** Email or password did not match an account. */
  'invalid_credentials',
  /** The account exists but its email address is not verified yet. */
  'email_not_verified',
  /** Registration with an email that already has an account (quiz step 12 links to login). */
  'email_taken',
  /** A one-time link is unknown, used, expired or for another user. */
  'invalid_token',
  /** Too many requests; `retry-after` says when to try again. */
  'rate_limited',
  /** Request body larger than the route accepts. */
  'payload_too_large',
  /** The request line (its URL) or the headers are larger than the server reads. */
  'headers_too_large',
  /** The request did not arrive in time. */
  'request_timeout',
  /** Request body in a content type the route does not read. */
  'unsupported_media_type',
  /** The path exists but not with this method. */
  'method_not_allowed',
  /** The same Idempotency-Key was sent with a different request. */
  'idempotency_mismatch',
  /** A request with the same Idempotency-Key is still being processed. */
  'in_progress',
  /** Not enough stock for what was asked. */
  'insufficient_inventory',
  /** The card was declined. */
  'payment_declined',
  /** A dependency (database, payment provider) is unavailable; try again later. */
  'service_unavailable',
  /** Something broke on our side; no details are given. */
  'internal_error',
] as const;

export type ErrorCode = (typeof ErrorCodes)[number];

/** The one code-to-status table. */
export const errorStatus: Record<ErrorCode, number> = {
  validation_failed: 400,
  bad_request: 400,
  credentials_in_query: 400,
  invalid_credentials: 400,
  email_not_verified: 400,
  email_taken: 400,
  invalid_token: 400,
  payment_declined: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  in_progress: 409,
  insufficient_inventory: 409,
  request_timeout: 408,
  payload_too_large: 413,
  headers_too_large: 431,
  unsupported_media_type: 415,
  idempotency_mismatch: 422,
  rate_limited: 429,
  internal_error: 500,
  service_unavailable: 503,
};

/** The body of every error answer. */
export interface ErrorBody {
  /** A message a person can act on; never internals. */
  error_description: string;
  /** One of `ErrorCodes`. */
  code: ErrorCode;
  /** Per-field messages for a form, keyed by the field's path (`shippingAddress.city`). */
  fieldErrors?: Record<string, string>;
}

/** What the web app shows for any 500, word for word from the spec. */
export const SERVER_ERROR_MESSAGE = "It's not you, it's us. Something went wrong, please try again!";
