import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/helpers.ts';

/**
 * Requests Node itself refuses still answer in the error format (docs/api-conventions.md#errors):
 * checked on a raw socket, because fetch would not send them.
 */

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

function rawRequest(text: string): Promise<{ status: number; headers: string; body: string }> {
  const { port } = new URL(server.baseUrl);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1');
    let received = '';
    socket.on('data', (chunk) => {
      received += chunk.toString();
    });
    socket.on('end', () => {
      const [head = '', body = ''] = received.split('\r\n\r\n');
      resolve({ status: Number(head.split(' ')[1]), headers: head, body });
    });
    socket.on('error', reject);
    socket.write(text);
  });
}

describe('requests refused before routing', () => {
  it('an oversized header answers 431 with error_description and code', async () => {
    const res = await rawRequest(
      `GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
    );
    expect(res.status).toBe(431);
    expect(res.headers).toMatch(/content-type: application\/json/i);
    expect(JSON.parse(res.body)).toEqual({
      error_description: 'The address or the headers of this request are too large.',
      code: 'headers_too_large',
    });
  });

  it('an oversized URL answers 431 in the same format', async () => {
    const res = await rawRequest(
      `GET /api/health?x=${'b'.repeat(20_000)} HTTP/1.1\r\nHost: localhost\r\n\r\n`,
    );
    expect(res.status).toBe(431);
    expect(JSON.parse(res.body).code).toBe('headers_too_large');
  });

  it('bytes that are not HTTP answer 400 in the same format', async () => {
    const res = await rawRequest('NOT HTTP AT ALL\r\n\r\n');
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toMatchObject({
      code: 'bad_request',
      error_description: expect.any(String),
    });
  });

  it('the server keeps answering afterwards', async () => {
    expect((await server.request('GET', '/api/health')).status).toBe(200);
  });
});
