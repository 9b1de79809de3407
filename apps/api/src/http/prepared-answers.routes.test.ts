import { createServer, request as httpGet, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, type MockInstance, vi } from 'vitest';
import { startTestServer, type TestServer } from '../test/helpers.ts';
import { PreparedAnswers } from './prepared-answers.ts';

const TOKEN = 'metrics-token-for-prepared-answers-0123';

interface RawAnswer {
  status: number;
  /** Name, value pairs as sent, without the date (which moves) */
  headers: string[];
  body: string;
}

/** A plain request that shows the raw headers, in the order and spelling they were sent. */
function get(base: string, path: string, options: { method?: string; headers?: IncomingHttpHeaders } = {}) {
  return new Promise<RawAnswer>((resolve, reject) => {
    const req = httpGet(`${base}${path}`, { method: options.method ?? 'GET', headers: options.headers });
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const headers: string[] = [];
        for (let i = 0; i < res.rawHeaders.length; i += 2)
          if (res.rawHeaders[i]!.toLowerCase() !== 'date')
            headers.push(res.rawHeaders[i]!, res.rawHeaders[i + 1]!);
        resolve({ status: res.statusCode ?? 0, headers, body: Buffer.concat(chunks).toString() });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

let server: TestServer;
const lines: Array<Record<string, unknown>> = [];
let answered: MockInstance<PreparedAnswers['answer']>;
/** Whether each request since the last call was answered before routing. */
const takeOutcomes = () => {
  const outcomes = answered.mock.results.map((r) => r.value);
  answered.mockClear();
  return outcomes;
};

beforeAll(async () => {
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n')) if (line) lines.push(JSON.parse(line));
      done();
    },
  });
  server = await startTestServer({ metricsToken: TOKEN, logLevel: 'info' }, { logStream });
  answered = vi.spyOn(server.app.preparedAnswers, 'answer');
});
afterAll(async () => {
  answered?.mockRestore();
  await server?.close();
});

describe('answers written before routing', () => {
  it('the health check sends, prepared, the same status, headers and body as its route', async () => {
    takeOutcomes();
    const routed = await get(server.baseUrl, '/api/health');
    const prepared = await get(server.baseUrl, '/api/health');
    const otherSpelling = await get(server.baseUrl, '/API/Health');
    expect(takeOutcomes()).toEqual([false, true, false]);
    expect(routed.status).toBe(200);
    expect(routed.body).toBe('{"status":"ok"}');
    expect(prepared).toEqual(routed);
    expect(otherSpelling).toEqual(routed);
    // The security headers and the API's no-store are part of it.
    const names = routed.headers.filter((_, i) => i % 2 === 0);
    expect(names).toEqual(
      expect.arrayContaining([
        'content-security-policy',
        'x-frame-options',
        'cache-control',
        'content-length',
      ]),
    );
  });

  it('a fixed reference list is prepared from the start and matches the route byte for byte', async () => {
    takeOutcomes();
    const prepared = await get(server.baseUrl, '/api/Types/Flavors');
    const routed = await get(server.baseUrl, '/api/types/flavors');
    const withQuery = await get(server.baseUrl, '/api/Types/Flavors?v=2');
    const goals = await get(server.baseUrl, '/api/Types/FitnessGoals');
    expect(takeOutcomes()).toEqual([true, false, false, true]);
    expect(prepared.status).toBe(200);
    expect(JSON.parse(prepared.body)[0]).toMatchObject({
      id: expect.any(Number),
      displayName: expect.any(String),
    });
    expect(prepared).toEqual(routed);
    expect(withQuery).toEqual(routed);
    expect(goals.body).toBe((await get(server.baseUrl, '/api/types/fitnessgoals')).body);
    // Publicly cacheable, so no XSRF cookie is minted on it either way.
    expect(prepared.headers).toContain('public, max-age=300');
    expect(prepared.headers.map((h) => h.toLowerCase())).not.toContain('set-cookie');
  });

  it('leaves to the route a HEAD, a body, a trailing slash and the brands (which come from the database)', async () => {
    takeOutcomes();
    const head = await get(server.baseUrl, '/api/Types/Flavors', { method: 'HEAD' });
    const withBody = await new Promise<number>((resolve, reject) => {
      const req = httpGet(`${server.baseUrl}/api/Types/Flavors`, {
        method: 'GET',
        headers: { 'content-type': 'application/json', 'content-length': '2' },
      });
      req.on('response', (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      });
      req.on('error', reject);
      req.end('{}');
    });
    const slash = await get(server.baseUrl, '/api/Types/Flavors/');
    const brands = await get(server.baseUrl, '/api/Types/ProteinBrands');
    expect(takeOutcomes()).toEqual([false, false, false, false]);
    expect(head.status).toBe(200);
    expect(head.body).toBe('');
    expect(withBody).toBe(200);
    expect(slash.status).toBe(200);
    expect(brands.status).toBe(200);
  });

  it('counts prepared answers in the metrics under their route, and logs them as the route would', async () => {
    const scrape = async () => {
      const text = (
        await get(server.baseUrl, '/api/metrics', { headers: { authorization: `Bearer ${TOKEN}` } })
      ).body;
      const line = text
        .split('\n')
        .find(
          (l) =>
            l.startsWith('store_http_requests_total{') &&
            l.includes('route="/api/Types/:name"') &&
            l.includes('status="200"'),
        );
      return Number(line?.split(' ').pop() ?? 0);
    };
    const before = await scrape();
    lines.length = 0;
    takeOutcomes();
    await get(server.baseUrl, '/api/Types/Flavors');
    await get(server.baseUrl, '/api/Types/Flavors');
    await get(server.baseUrl, '/api/types/flavors');
    expect(takeOutcomes()).toEqual([true, true, false]);
    expect((await scrape()) - before).toBe(3);
    const access = lines.filter(
      (l) => l.msg === 'request' && String(l.url).toLowerCase() === '/api/types/flavors',
    );
    expect(access).toHaveLength(3);
    for (const line of access) expect(line).toMatchObject({ method: 'GET', status: 200, level: 30 });
    // One sequence of request ids for both paths: no two lines share one.
    expect(new Set(access.map((l) => l.reqId)).size).toBe(3);
    // The health check is never in the access log, prepared or not.
    await get(server.baseUrl, '/api/health');
    expect(lines.some((l) => l.url === '/api/health')).toBe(false);
  });

  it('an unhealthy database is never answered in advance: each check reaches the route, and recovery is seen', async () => {
    const db = server.database.db;
    // Past the last ping's second, so the next check asks the database again.
    await new Promise((r) => setTimeout(r, 1100));
    await db.execute(sql`ALTER TABLE schema_migrations RENAME TO schema_migrations_away`);
    try {
      takeOutcomes();
      const down = await get(server.baseUrl, '/api/health');
      const stillDown = await get(server.baseUrl, '/api/health');
      expect([down.status, stillDown.status]).toEqual([503, 503]);
      expect(takeOutcomes()).toEqual([false, false]);
    } finally {
      await db.execute(sql`ALTER TABLE schema_migrations_away RENAME TO schema_migrations`);
    }
    await new Promise((r) => setTimeout(r, 1100));
    const up = await get(server.baseUrl, '/api/health');
    const upAgain = await get(server.baseUrl, '/api/health');
    expect([up.status, upAgain.status]).toEqual([200, 200]);
    expect(takeOutcomes()).toEqual([false, true]);
  });
});

describe('PreparedAnswers', () => {
  it('stops answering while the server closes and once an answer is past its time', async () => {
    let closing = false;
    let now = 1_000;
    const prepared = new PreparedAnswers({
      commonHeaders: { 'x-frame-options': 'DENY' },
      isClosing: () => closing,
      now: () => now,
    });
    prepared.set('/ready', { route: '/ready', body: 'yes', headers: { 'content-type': 'text/plain' } });
    prepared.set('/fresh', { route: '/fresh', body: 'fresh', headers: {}, freshUntil: 2_000 });
    const plain = createServer((req, res) => {
      if (!prepared.answer(req, res)) res.writeHead(503).end('framework');
    });
    await new Promise<void>((r) => plain.listen(0, '127.0.0.1', r));
    const base = `http://127.0.0.1:${(plain.address() as AddressInfo).port}`;
    try {
      const ready = await get(base, '/ready');
      expect(ready).toMatchObject({ status: 200, body: 'yes' });
      expect(ready.headers).toEqual(
        expect.arrayContaining([
          'content-type',
          'text/plain',
          'x-frame-options',
          'DENY',
          'cache-control',
          'no-store',
        ]),
      );
      expect((await get(base, '/fresh')).body).toBe('fresh');
      now = 2_001;
      expect((await get(base, '/fresh')).body).toBe('framework');
      closing = true;
      expect((await get(base, '/ready')).body).toBe('framework');
      closing = false;
      prepared.forget('/ready');
      expect((await get(base, '/ready')).body).toBe('framework');
    } finally {
      await new Promise((r) => plain.close(r));
    }
  });
});
