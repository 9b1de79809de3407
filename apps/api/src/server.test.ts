import { EventEmitter } from 'node:events';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import { testConfig } from './config/env.ts';
import { installShutdown } from './server.ts';
import { openTestDatabase } from './test/helpers.ts';

/** One GET on its own connection (no keep-alive): status and body. */
function get(port: number, path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        body += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('installShutdown', () => {
  it('lets an in-flight request finish after SIGTERM, then closes the database', async () => {
    const database = await openTestDatabase();
    const app = await buildApp({ config: testConfig(), db: database.db });
    const events: string[] = [];
    let started!: () => void;
    const requestStarted = new Promise<void>((resolve) => {
      started = resolve;
    });
    // A test-only slow route on the real app.
    app.get('/api/test/slow', async () => {
      started();
      await new Promise((resolve) => setTimeout(resolve, 300));
      events.push('request finished');
      return { done: true };
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;

    const fakeProcess = new EventEmitter();
    let closed!: () => void;
    const databaseClosed = new Promise<void>((resolve) => {
      closed = resolve;
    });
    installShutdown(
      app,
      async () => {
        events.push('database closed');
        await database.close();
        closed();
      },
      fakeProcess,
    );

    const inFlight = get(port, '/api/test/slow');
    await requestStarted;
    fakeProcess.emit('SIGTERM');
    // A second signal while closing changes nothing.
    fakeProcess.emit('SIGINT');

    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(JSON.parse(response.body)).toEqual({ done: true });
    await databaseClosed;
    expect(events).toEqual(['request finished', 'database closed']);
    // The server no longer accepts connections.
    await expect(get(port, '/api/health')).rejects.toThrow();
  });

  it('closes a keep-alive connection once its in-flight request is answered', async () => {
    const database = await openTestDatabase();
    const app = await buildApp({ config: testConfig(), db: database.db });
    let started!: () => void;
    const requestStarted = new Promise<void>((resolve) => {
      started = resolve;
    });
    app.get('/api/test/slow', async () => {
      started();
      // Answer only once the server has stopped listening, whatever the machine's load.
      while (app.server.listening) await new Promise((resolve) => setTimeout(resolve, 10));
      return { done: true };
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const fakeProcess = new EventEmitter();
    let closed!: () => void;
    const databaseClosed = new Promise<void>((resolve) => {
      closed = resolve;
    });
    installShutdown(
      app,
      async () => {
        await database.close();
        closed();
      },
      fakeProcess,
    );
    // fetch keeps its connection alive; shutdown must not wait for the keep-alive timeout.
    const inFlight = fetch(`http://127.0.0.1:${port}/api/test/slow`);
    await requestStarted;
    const startedClosing = Date.now();
    fakeProcess.emit('SIGTERM');
    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(response.headers.get('connection')).toBe('close');
    await databaseClosed;
    expect(Date.now() - startedClosing).toBeLessThan(5000);
  });
});
