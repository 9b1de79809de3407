import { describe, expect, it } from 'vitest';
import {
  bestRound,
  cpuMicrosPerRequest,
  failures,
  formatRatio,
  formatTable,
  ratio,
  summarize,
  verdict,
  verificationLinkIn,
} from './report.mjs';

describe('bestRound', () => {
  it('keeps the round with the most requests per second', () => {
    const rounds = [
      { rps: 900, p99: 9 },
      { rps: 1200, p99: 12 },
      { rps: 1100, p99: 4 },
    ];
    expect(bestRound(rounds)).toEqual({ rps: 1200, p99: 12 });
  });

  it('refuses to choose from nothing', () => {
    expect(() => bestRound([])).toThrow('no rounds');
  });
});

describe('summarize', () => {
  it('keeps throughput, latency percentiles and every kind of failure', () => {
    const result = {
      requests: { average: 1234.6, total: 12346 },
      latency: { p50: 3, p99: 17 },
      errors: 1,
      timeouts: 2,
      non2xx: 3,
    };
    const summary = summarize(result);
    expect(summary).toEqual({
      rps: 1235,
      p50: 3,
      p99: 17,
      requests: 12346,
      errors: 1,
      timeouts: 2,
      non2xx: 3,
    });
    expect(failures(summary)).toBe(6);
  });
});

describe('ratio and verdict', () => {
  it('divides by the reference and prints a whole percentage', () => {
    expect(ratio(800, 1000)).toBe(0.8);
    expect(formatRatio(ratio(2, 3))).toBe('67%');
  });

  it('has no ratio without a usable reference', () => {
    expect(ratio(800, 0)).toBeUndefined();
    expect(ratio(undefined, 1000)).toBeUndefined();
    expect(formatRatio(undefined)).toBe('-');
  });

  it('meets a minimum at or above it and a maximum at or below it', () => {
    expect(verdict(0.8, 0.8, 'min')).toBe('ok');
    expect(verdict(0.79, 0.8, 'min')).toBe('MISSED');
    expect(verdict(20, 20, 'max')).toBe('ok');
    expect(verdict(21, 20, 'max')).toBe('MISSED');
    expect(verdict(undefined, 20, 'max')).toBe('n/a');
  });

  it('turns CPU seconds into microseconds per request', () => {
    expect(cpuMicrosPerRequest(2.5, 100_000)).toBe(25);
    expect(cpuMicrosPerRequest(undefined, 100)).toBeUndefined();
    expect(cpuMicrosPerRequest(1, 0)).toBeUndefined();
  });
});

describe('formatTable', () => {
  it('aligns text left and numbers right under a rule', () => {
    const table = formatTable(
      ['route', 'req/s', 'ratio'],
      [
        ['GET /api/health', 21000, '85%'],
        ['GET /', 900, undefined],
      ],
    );
    expect(table.split('\n')).toEqual([
      'route            req/s  ratio',
      '---------------  -----  -----',
      'GET /api/health  21000    85%',
      'GET /              900      -',
    ]);
  });
});

describe('verificationLinkIn', () => {
  it('reads the code and user id from the path form of the link', () => {
    const text =
      'Verify: http://localhost:8301/verification/AbC_12-x/0b6f2c1e-1d2e-4f5a-9b8c-7d6e5f4a3b2c\nThanks';
    expect(verificationLinkIn(text)).toEqual({
      code: 'AbC_12-x',
      userId: '0b6f2c1e-1d2e-4f5a-9b8c-7d6e5f4a3b2c',
    });
  });

  it('reads the query form too, and nothing from a mail without a link', () => {
    expect(verificationLinkIn('http://x/verify-email?code=abc&userId=42 ')).toEqual({
      code: 'abc',
      userId: '42',
    });
    expect(verificationLinkIn('Welcome to the store!')).toBeUndefined();
  });
});
