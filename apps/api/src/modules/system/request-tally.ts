import { Counter, Histogram, type MetricType, type Registry } from 'prom-client';

/** Request durations, in seconds: from a cached read to a slow payment call. */
export const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

const LABELS = ['method', 'route', 'status'] as const;
type Labels = Record<(typeof LABELS)[number], string>;

/** One (method, route pattern, status): its requests, their durations' sum, and the count per bucket. */
interface Series {
  labels: Labels;
  count: number;
  sum: number;
  /** Requests whose duration fell in each bucket, and in no smaller one (not cumulative). */
  inBucket: number[];
}

const REQUESTS = 'store_http_requests_total';
const noCollect = () => {};
/**
 * The metric's Prometheus type, as prom-client's own metrics carry it (its typings declare a
 * numeric enum that the library does not export; the `# TYPE` line prints this name).
 */
const typeName = (name: 'counter' | 'histogram') => name as unknown as MetricType;
const DURATIONS = 'store_http_request_duration_seconds';

/**
 * The answered requests, counted in plain numbers and turned into prom-client's two metrics only
 * when Prometheus scrapes. prom-client's own `inc` and `observe` hash and check the labels at every
 * call: 6 % of a health check's CPU (docs/performance.md, "What every request paid for"). The
 * scrape prints the same lines prom-client's counter and histogram print for the same requests.
 */
export function createRequestTally(registry: Registry) {
  const series: Series[] = [];
  // Found by route, then method, then status: the route and method strings are the same objects
  // request after request (their hash is kept), where a key joined from the three would be a new
  // string to hash at every request.
  const byRoute = new Map<string, Map<string, Map<number, Series>>>();

  class RequestCounter extends Counter<(typeof LABELS)[number]> {
    override async get() {
      return {
        name: REQUESTS,
        help: REQUESTS_HELP,
        type: typeName('counter'),
        aggregator: 'sum' as const,
        collect: noCollect,
        values: series.map((s) => ({ labels: s.labels, value: s.count })),
      };
    }
  }
  // `le` is the buckets' label, which prom-client adds itself (it refuses it as a label name).
  class RequestDurations extends Histogram<(typeof LABELS)[number] | 'le'> {
    // The registry prints a histogram from this method when it has one (prom-client's does).
    async getForPromString() {
      return this.get();
    }
    override async get() {
      const values: {
        labels: Partial<Labels & { le: string | number }>;
        value: number;
        metricName: string;
      }[] = [];
      for (const s of series) {
        let atMost = 0;
        for (let i = 0; i < DURATION_BUCKETS.length; i++) {
          atMost += s.inBucket[i]!;
          values.push({
            labels: { le: DURATION_BUCKETS[i]!, ...s.labels },
            value: atMost,
            metricName: `${DURATIONS}_bucket`,
          });
        }
        values.push(
          { labels: { le: '+Inf', ...s.labels }, value: s.count, metricName: `${DURATIONS}_bucket` },
          { labels: s.labels, value: s.sum, metricName: `${DURATIONS}_sum` },
          { labels: s.labels, value: s.count, metricName: `${DURATIONS}_count` },
        );
      }
      return {
        name: DURATIONS,
        help: DURATIONS_HELP,
        type: typeName('histogram'),
        aggregator: 'sum' as const,
        collect: noCollect,
        values,
      };
    }
  }
  new RequestCounter({ name: REQUESTS, help: REQUESTS_HELP, labelNames: LABELS, registers: [registry] });
  new RequestDurations({
    name: DURATIONS,
    help: DURATIONS_HELP,
    labelNames: LABELS,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });

  return {
    /** Counts one answered request. Bounded by the routes and statuses: no path is a label. */
    observe(method: string, route: string, status: number, seconds: number): void {
      let byMethod = byRoute.get(route);
      if (byMethod === undefined) {
        byMethod = new Map();
        byRoute.set(route, byMethod);
      }
      let byStatus = byMethod.get(method);
      if (byStatus === undefined) {
        byStatus = new Map();
        byMethod.set(method, byStatus);
      }
      let s = byStatus.get(status);
      if (s === undefined) {
        s = {
          labels: { method, route, status: String(status) },
          count: 0,
          sum: 0,
          inBucket: DURATION_BUCKETS.map(() => 0),
        };
        byStatus.set(status, s);
        series.push(s);
      }
      s.count += 1;
      s.sum += seconds;
      for (let i = 0; i < DURATION_BUCKETS.length; i++) {
        if (seconds <= DURATION_BUCKETS[i]!) {
          s.inBucket[i]! += 1;
          break;
        }
      }
    },
  };
}

const REQUESTS_HELP = 'HTTP requests answered by this process, by method, route pattern and status';
const DURATIONS_HELP = 'Time to answer an HTTP request, by method, route pattern and status';
