import { type ErrorBody, type ErrorCode, errorStatus, SERVER_ERROR_MESSAGE } from '@store/contracts';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from '../db/database.ts';

/** The one error type of the API: a code from the closed list and a message a person can act on. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly fieldErrors?: Record<string, string>;
  readonly headers?: Record<string, string>;

  constructor(
    code: ErrorCode,
    message: string,
    options: { fieldErrors?: Record<string, string>; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.fieldErrors = options.fieldErrors;
    this.headers = options.headers;
  }

  get statusCode(): number {
    return errorStatus[this.code];
  }

  /** Fastify assigns `statusCode` to a validation error; the code already decides it, so this is ignored. */
  set statusCode(_ignored: number) {}
}

export const notFound = (what = 'That item') => new AppError('not_found', `${what} was not found.`);
export const badRequest = (message: string, fieldErrors?: Record<string, string>) =>
  new AppError(fieldErrors ? 'validation_failed' : 'bad_request', message, { fieldErrors });
export const conflict = (message: string) => new AppError('conflict', message);
export const unauthorized = () => new AppError('unauthorized', 'Please log in to continue.');
export const forbidden = (message = 'You are not allowed to do that.') => new AppError('forbidden', message);

const fastifyCodes: Record<string, { code: ErrorCode; message: string }> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    code: 'unsupported_media_type',
    message: 'Send the request body as JSON (Content-Type: application/json).',
  },
  FST_ERR_CTP_BODY_TOO_LARGE: { code: 'payload_too_large', message: 'The request body is too large.' },
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'bad_request', message: 'The request body is not valid JSON.' },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    code: 'bad_request',
    message: 'The request body is empty; send a JSON object or no Content-Type.',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { code: 'bad_request', message: 'The Content-Length header is wrong.' },
  FST_ERR_VALIDATION: { code: 'validation_failed', message: 'Some fields are not valid.' },
  FST_ERR_BAD_URL: { code: 'bad_request', message: 'The address is not valid.' },
  FST_ERR_MAX_PARAM_LENGTH: { code: 'bad_request', message: 'A part of the address is too long.' },
};

/** Turns any thrown error into the wire format of docs/api-conventions.md#errors; 5xx answers never carry internals. */
export function sendError(
  error: FastifyError | AppError | Error,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  let body: ErrorBody;
  let status: number;
  if (error instanceof AppError) {
    status = error.statusCode;
    body = { error_description: error.message, code: error.code };
    if (error.fieldErrors) body.fieldErrors = error.fieldErrors;
    if (error.headers) reply.headers(error.headers);
  } else {
    const fe = error as FastifyError;
    const known = fe.code ? fastifyCodes[fe.code] : undefined;
    if (known) {
      status = errorStatus[known.code];
      body = {
        error_description: known.code === 'validation_failed' ? fe.message : known.message,
        code: known.code,
      };
    } else if (error instanceof SyntaxError || fe.statusCode === 400) {
      status = 400;
      body = { error_description: 'The request could not be read.', code: 'bad_request' };
    } else if (fe.statusCode === 413) {
      status = 413;
      body = { error_description: 'The request body is too large.', code: 'payload_too_large' };
    } else if (fe.statusCode === 415) {
      status = 415;
      body = {
        error_description: fastifyCodes.FST_ERR_CTP_INVALID_MEDIA_TYPE!.message,
        code: 'unsupported_media_type',
      };
    } else if (isDatabaseUnavailable(error)) {
      // The database restarted or cannot be reached: a retry a few seconds later can succeed.
      status = errorStatus.service_unavailable;
      body = {
        error_description: 'The store is briefly unavailable. Please try again in a few seconds.',
        code: 'service_unavailable',
      };
      reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
    } else if (fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500) {
      status = fe.statusCode;
      body = { error_description: 'The request could not be processed.', code: 'bad_request' };
    } else {
      status = 500;
      body = { error_description: SERVER_ERROR_MESSAGE, code: 'internal_error' };
    }
  }
  if (status >= 500) request.log.error({ err: error }, 'request failed');
  reply.code(status).type('application/json; charset=utf-8').send(body);
}
