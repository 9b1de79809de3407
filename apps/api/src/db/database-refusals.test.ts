import type { AddressInfo } from 'node:net';
import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { testConfig } from '../config/env.ts';
import { httpRequest } from '../test/helpers.ts';
import { type Database, isDatabaseUnavailable, openDatabase } from './database.ts';

/*
 * docs/reliability.md#h2: every way a database refuses answers 503 with Retry-After, never 500.
 * A stand-in server speaks just enough of PostgreSQL's protocol to refuse a connection the way a
 * real one does (an ErrorResponse with the SQLSTATE, then the socket closes), so the refusal goes
 * through the pg driver, Drizzle and the error mapping exactly as in production. Runs on PGlite
 * runs too: it needs no real database.
 */

/** An ErrorResponse message of the PostgreSQL wire protocol. */
function errorResponse(code: string, message: string): Buffer {
  const fields = Buffer.concat(
    [
      ['S', 'FATAL'],
      ['V', 'FATAL'],
      ['C', code],
      ['M', message],
    ].map(([k, v]) => Buffer.from(`${k}${v}\0`, 'utf8')),
  );
  const body = Buffer.concat([fields, Buffer.from([0])]);
  const head = Buffer.alloc(5);
  head.write('E', 0);
  head.writeInt32BE(body.length + 4, 1);
  return Buffer.concat([head, body]);
}

type Behaviour = { refuseWith: [code: string, message: string] } | { silent: true };

async function standInServer(behaviour: Behaviour) {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    // The client speaks first (its startup message); a refusing server answers it and hangs up.
    socket.once('data', () => {
      if ('refuseWith' in behaviour) socket.end(errorResponse(...behaviour.refuseWith));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `postgres://store:secret@127.0.0.1:${(server.address() as AddressInfo).port}/store`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A port nothing listens on: a refused connect. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const opened: { app: FastifyInstance; database: Database; close?: () => Promise<void> }[] = [];
afterAll(async () => {
  for (const o of opened) {
    await o.app.close();
    await o.database.close().catch(() => {});
    await o.close?.();
  }
});

async function storeOn(url: string, close?: () => Promise<void>) {
  const database = await openDatabase({ url, maxConnections: 2 });
  const app = await buildApp({ config: testConfig(), db: database.db });
  await app.listen({ port: 0, host: '127.0.0.1' });
  opened.push({ app, database, close });
  const baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  return (method: string, path: string, body?: unknown) => httpRequest(baseUrl, method, path, { body });
}

async function expectRetryLater(res: Awaited<ReturnType<Awaited<ReturnType<typeof storeOn>>>>) {
  expect(res.status).toBe(503);
  expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
  expect(res.body).toEqual({
    error_description: 'The store is briefly unavailable. Please try again in a few seconds.',
    code: 'service_unavailable',
  });
}

describe('H2 every way a database refuses answers 503 with Retry-After', () => {
  const refusals: [string, string, string][] = [
    ['not accepting connections', '55000', 'database "store" is not currently accepting connections'],
    ['starting up', '57P03', 'the database system is starting up'],
    ['shutting down', '57P03', 'the database system is shutting down'],
    ['in recovery', '57P03', 'the database system is in recovery mode'],
    ['too many connections', '53300', 'sorry, too many clients already'],
    [
      'connection slots reserved',
      '53300',
      'remaining connection slots are reserved for roles with the SUPERUSER attribute',
    ],
    [
      'out of resources',
      '53000',
      'could not fork new process for connection: Resource temporarily unavailable',
    ],
    ['terminated by an administrator', '57P01', 'terminating connection due to administrator command'],
  ];

  for (const [what, code, message] of refusals) {
    it(`H2: a database ${what} (SQLSTATE ${code}): a login and a catalog read answer 503, not 500`, async () => {
      const stand = await standInServer({ refuseWith: [code, message] });
      const call = await storeOn(stand.url, stand.close);
      await expectRetryLater(
        await call('POST', '/api/User/Login', { emailAddress: 'someone@example.com', password: 'whatever' }),
      );
      await expectRetryLater(await call('GET', '/api/product/GetItem?id=1'));
    });
  }

  it('H2: a refused connect (nothing listens on the port) answers 503', async () => {
    const port = await closedPort();
    const call = await storeOn(`postgres://store:secret@127.0.0.1:${port}/store`);
    await expectRetryLater(
      await call('POST', '/api/User/Login', { emailAddress: 'someone@example.com', password: 'whatever' }),
    );
  });

  it('H2: a connect that times out (the server never answers) answers 503', async () => {
    const stand = await standInServer({ silent: true });
    const call = await storeOn(stand.url, stand.close);
    await expectRetryLater(
      await call('POST', '/api/User/Login', { emailAddress: 'someone@example.com', password: 'whatever' }),
    );
  }, 20_000);

  it('H2: the mapping reads the SQLSTATE through the wrappers a query error comes in; other errors stay 500s', () => {
    const pgError = (code: string, message = 'x') => Object.assign(new Error(message), { code });
    const wrapped = (cause: Error) => Object.assign(new Error('Failed query: select 1'), { cause });
    for (const code of ['55000', '57P03', '53300', '53000', '57P01', '08006', 'ECONNREFUSED', 'ETIMEDOUT']) {
      const message = code === '55000' ? 'database "x" is not currently accepting connections' : 'x';
      expect(isDatabaseUnavailable(pgError(code, message)), code).toBe(true);
      expect(isDatabaseUnavailable(wrapped(pgError(code, message))), `wrapped ${code}`).toBe(true);
    }
    const refusedTwice = Object.assign(new AggregateError([pgError('ECONNREFUSED')], ''), {
      code: 'ECONNREFUSED',
    });
    expect(isDatabaseUnavailable(refusedTwice)).toBe(true);
    // A constraint violation, a syntax error or 55000 about something else are bugs or conflicts.
    for (const [code, message] of [
      ['23505', 'duplicate key value violates unique constraint'],
      ['42601', 'syntax error at or near "x"'],
      ['55000', 'cannot refresh materialized view concurrently'],
    ]) {
      expect(isDatabaseUnavailable(pgError(code!, message)), code).toBe(false);
    }
  });
});
