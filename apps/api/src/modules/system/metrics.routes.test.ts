import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/helpers.ts';
import { seedCatalog } from '../catalog/catalog.seed.ts';
import { newMember, payOrder, relaxedLimiter } from '../checkout/checkout.test-support.ts';
import type { Mail, Mailer } from '../mail/mailer.ts';

const TOKEN = 'metrics-token-for-tests-0123456789';
const DAY = 24 * 60 * 60 * 1000;

/** The value of one sample line, e.g. `store_mails_total{kind="contact",outcome="sent"}`; undefined when absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]),
    );
    if (Object.entries(labels).every(([k, v]) => found[k] === v)) return Number(match[3]);
  }
  return undefined;
}

/** Takes every mail, except one that names an address at fail.example: that one the SMTP server refuses. */
function flakyMailer(): Mailer & { sent: Mail[] } {
  const sent: Mail[] = [];
  return {
    sent,
    async send(mail) {
      if (mail.text.includes('@fail.example')) throw new Error('550 mailbox unavailable');
      sent.push(mail);
    },
  };
}

let server: TestServer;
let untokened: TestServer;

beforeAll(async () => {
  server = await startTestServer(
    { metricsToken: TOKEN },
    { limiter: relaxedLimiter(), mailer: flakyMailer() },
  );
  await seedCatalog(server.database.db);
  untokened = await startTestServer();
});
afterAll(async () => {
  await server?.close();
  await untokened?.close();
});

const scrape = () => server.request('GET', '/api/metrics', { headers: { authorization: `Bearer ${TOKEN}` } });

describe('I2 metrics', () => {
  it('I2: GET /api/metrics is not there (404) when METRICS_TOKEN is unset', async () => {
    expect((await untokened.request('GET', '/api/metrics')).status).toBe(404);
    const withSomeToken = await untokened.request('GET', '/api/metrics', {
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(withSomeToken.status).toBe(404);
  });

  it('I2: answers 401 without the token or with another one, and never shows a figure', async () => {
    const attempts: Record<string, string>[] = [
      {},
      { authorization: 'Bearer wrong-token' },
      { authorization: TOKEN },
    ];
    for (const headers of attempts) {
      const answer = await server.request('GET', '/api/metrics', { headers });
      expect(answer.status).toBe(401);
      expect(answer.headers.get('www-authenticate')).toContain('Bearer');
      expect(answer.text).not.toContain('store_http_requests_total');
    }
  });

  it("I2: counts requests by route pattern and status, with a duration histogram, in Prometheus' text format", async () => {
    await server.request('GET', '/api/health');
    await server.request('GET', '/api/health');
    await server.request('GET', '/api/no-such-thing-1');
    await server.request('GET', '/api/no-such-thing-2');
    const answer = await scrape();
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(answer.headers.get('cache-control')).toContain('no-store');
    const health = { method: 'GET', route: '/api/health', status: '200' };
    expect(sample(answer.text, 'store_http_requests_total', health)).toBe(2);
    expect(sample(answer.text, 'store_http_request_duration_seconds_count', health)).toBe(2);
    expect(sample(answer.text, 'store_http_request_duration_seconds_bucket', { ...health, le: '+Inf' })).toBe(
      2,
    );
    // Paths no route matched share one series, however many there are.
    expect(sample(answer.text, 'store_http_requests_total', { route: '(no route)', status: '404' })).toBe(2);
    expect(answer.text).not.toContain('no-such-thing');
    expect(answer.text).toContain('# TYPE store_http_request_duration_seconds histogram');
    // The process's own figures too.
    expect(sample(answer.text, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
  });

  it("I2: shows each job's runs, failures and last success", async () => {
    const jobs = server.app.scheduler.jobs;
    const holds = jobs.find((j) => j.name === 'stock-hold-release')!;
    await server.app.scheduler.runNow(holds);
    await server.app.scheduler.runNow(holds);
    const failing = {
      name: 'always-fails',
      everyMs: 60_000,
      run: async () => Promise.reject(new Error('boom')),
    };
    await server.app.scheduler.runNow(failing).catch(() => {});
    const text = (await scrape()).text;
    expect(sample(text, 'store_job_runs_total', { job: 'stock-hold-release' })).toBe(2);
    expect(sample(text, 'store_job_failures_total', { job: 'stock-hold-release' })).toBe(0);
    const lastSuccess = sample(text, 'store_job_last_success_timestamp_seconds', {
      job: 'stock-hold-release',
    });
    expect(Math.abs(lastSuccess! - Date.now() / 1000)).toBeLessThan(60);
    expect(sample(text, 'store_job_runs_total', { job: 'always-fails' })).toBe(1);
    expect(sample(text, 'store_job_failures_total', { job: 'always-fails' })).toBe(1);
    expect(sample(text, 'store_job_last_success_timestamp_seconds', { job: 'always-fails' })).toBeUndefined();
  });

  it('I2: shows payments and renewals by outcome, and mails sent and failed', async () => {
    const before = (await scrape()).text;
    const paid = sample(before, 'store_payment_attempts', { outcome: 'succeeded' }) ?? 0;
    const m = await newMember(server, 'metrics');
    await payOrder(server, m, m.orderId, 0);
    // A month on, the membership renews: one succeeded renewal charge.
    const at = new Date(Date.now() + 31 * DAY).toISOString();
    expect((await server.request('POST', `/api/dev/sweep?at=${encodeURIComponent(at)}`)).status).toBe(200);
    const contact = (email: string) =>
      server.request('POST', '/api/contact/SendContactEmail', {
        body: { name: 'Ada', email, text: 'Hello there, a question about samples.' },
      });
    await contact('ada@example.com');
    await contact('ada@fail.example');
    const after = (await scrape()).text;
    expect(sample(after, 'store_payment_attempts', { outcome: 'succeeded' })).toBe(paid + 1);
    expect(sample(after, 'store_renewal_charges', { outcome: 'succeeded' })).toBe(1);
    expect(sample(after, 'store_mails_total', { outcome: 'sent' })).toBeGreaterThanOrEqual(1);
    expect(sample(after, 'store_mails_total', { outcome: 'failed' })).toBeGreaterThanOrEqual(1);
    expect(sample(after, 'store_metrics_database_up')).toBe(1);
  }, 60_000);

  it.runIf(process.env.TEST_DATABASE_URL)(
    'I2: shows the PostgreSQL pool in use, idle and its size',
    async () => {
      const text = (await scrape()).text;
      expect(sample(text, 'store_db_pool_max_connections')).toBe(5);
      const total = sample(text, 'store_db_pool_connections', { state: 'total' })!;
      expect(total).toBeGreaterThanOrEqual(1);
      expect(total).toBeLessThanOrEqual(5);
      expect(sample(text, 'store_db_pool_connections', { state: 'waiting' })).toBe(0);
    },
  );
});
