import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { type ErrorBody, type ErrorCode, errorStatus } from '@store/contracts';

/**
 * Requests Node refuses before Fastify sees them (a URL or headers over the 16 KB limit, a
 * request that never finishes arriving, bytes that are not HTTP) still get the store's error
 * format: `error_description` and `code` (docs/api-conventions.md#errors).
 */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (!socket.writable || socket.destroyed) return;
  const [code, description]: [ErrorCode, string] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? ['headers_too_large', 'The address or the headers of this request are too large.']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? ['request_timeout', 'The request took too long to arrive. Please try again.']
        : ['bad_request', 'The request could not be read.'];
  const status = errorStatus[code];
  const body = JSON.stringify({ error_description: description, code } satisfies ErrorBody);
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
      'Content-Type: application/json; charset=utf-8\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      'Cache-Control: no-store\r\n' +
      'X-Content-Type-Options: nosniff\r\n' +
      'Connection: close\r\n\r\n' +
      body,
  );
}
