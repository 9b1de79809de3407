import { Counter, Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { createRequestTally, DURATION_BUCKETS } from './request-tally.ts';

describe('the request tally', () => {
  it("prints what prom-client's own counter and histogram print for the same requests", async () => {
    const requests: [string, string, number, number][] = [
      ['GET', '/api/health', 200, 0.0004],
      ['GET', '/api/health', 200, 0.005],
      ['GET', '/api/health', 200, 0.0051],
      ['POST', '/api/cart/addToCart', 200, 0.3],
      ['POST', '/api/cart/addToCart', 409, 12],
      ['GET', '(no route)', 404, 0.01],
      ['GET', '/api/health', 503, 2.5],
    ];

    const tallied = new Registry();
    const tally = createRequestTally(tallied);
    for (const [method, route, status, seconds] of requests) tally.observe(method, route, status, seconds);

    const reference = new Registry();
    const labelNames = ['method', 'route', 'status'] as const;
    const counter = new Counter({
      name: 'store_http_requests_total',
      help: 'HTTP requests answered by this process, by method, route pattern and status',
      labelNames,
      registers: [reference],
    });
    const histogram = new Histogram({
      name: 'store_http_request_duration_seconds',
      help: 'Time to answer an HTTP request, by method, route pattern and status',
      labelNames,
      buckets: DURATION_BUCKETS,
      registers: [reference],
    });
    for (const [method, route, status, seconds] of requests) {
      const labels = { method, route, status: String(status) };
      counter.inc(labels);
      histogram.observe(labels, seconds);
    }

    const lines = (text: string) => text.split('\n').sort();
    expect(lines(await tallied.metrics())).toEqual(lines(await reference.metrics()));
  });

  it('prints the metrics with no series before the first request', async () => {
    const registry = new Registry();
    createRequestTally(registry);
    const text = await registry.metrics();
    expect(text).toContain('# TYPE store_http_requests_total counter');
    expect(text).toContain('# TYPE store_http_request_duration_seconds histogram');
    expect(text).not.toContain('store_http_requests_total{');
  });
});
