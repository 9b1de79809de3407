import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loggerOptions, registerAccessLog, requestIds, requestLogger } from './logging.ts';
import { PreparedAnswers } from './prepared-answers.ts';

function captureLines() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n')) if (line) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, stream };
}

describe('registerAccessLog', () => {
  let app: FastifyInstance;
  afterEach(() => app.close());

  async function start(level: string) {
    const { lines, stream } = captureLines();
    app = Fastify({
      logger: loggerOptions(level, stream),
      logController: new LogController({ disableRequestLogging: true }),
      childLoggerFactory: requestLogger,
    });
    registerAccessLog(app, new PreparedAnswers({ commonHeaders: {}, isClosing: () => false }), requestIds());
    app.get('/api/health', async () => ({ status: 'ok' }));
    app.get('/api/thing', async (request) => {
      request.log.info({ body: { password: 'sentinel-password' } }, 'handled');
      return { ok: true };
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    return { lines, base: `http://127.0.0.1:${port}` };
  }

  it('writes one line per answered request with its id, method, redacted URL, status and time', async () => {
    const { lines, base } = await start('info');
    const response = await fetch(`${base}/api/thing?token=sentinel-token&page=2`);
    expect(response.status).toBe(200);
    await fetch(`${base}/api/missing`);

    const requests = lines.filter((l) => l.msg === 'request');
    expect(requests).toHaveLength(2);
    expect(requests[0]).toMatchObject({
      level: 30,
      method: 'GET',
      url: '/api/thing?token=%5Bredacted%5D&page=2',
      status: 200,
    });
    expect(requests[0]!.reqId).toBeTruthy();
    expect(typeof requests[0]!.ms).toBe('number');
    expect(requests[1]).toMatchObject({ url: '/api/missing', status: 404 });
    // The handler's own line shares the request id, and other lines keep their redaction.
    const handled = lines.find((l) => l.msg === 'handled');
    expect(handled?.reqId).toBe(requests[0]!.reqId);
    expect(JSON.stringify(lines)).not.toContain('sentinel');
  });

  it("makes a request's child logger only when the request logs", async () => {
    const { lines, base } = await start('info');
    const child = vi.spyOn(app.log, 'child');
    await fetch(`${base}/api/health`);
    expect(child).not.toHaveBeenCalled();
    await fetch(`${base}/api/thing`);
    expect(child).toHaveBeenCalledTimes(1);
    expect(lines.find((l) => l.msg === 'handled')?.reqId).toBeTruthy();
  });

  it('leaves health checks out, and writes nothing below its level', async () => {
    const { lines, base } = await start('info');
    await fetch(`${base}/api/health`);
    expect(lines.filter((l) => l.msg === 'request')).toEqual([]);
    await app.close();

    const quiet = await start('warn');
    await fetch(`${quiet.base}/api/thing`);
    expect(quiet.lines).toEqual([]);
  });
});

describe('loggerOptions', () => {
  it('F6 redacts secrets logged as top-level fields as well as nested ones', async () => {
    const { lines, stream } = captureLines();
    const app = Fastify({ logger: loggerOptions('info', stream) });
    await app.ready();
    app.log.info({ password: 'sentinel-pw', token: 'sentinel-tok', refresh_token: 'sentinel-rt' }, 'top');
    app.log.info({ body: { password: 'sentinel-pw2' } }, 'nested');
    await app.close();
    const text = JSON.stringify(lines);
    expect(text).not.toContain('sentinel');
    expect(lines.find((l) => l.msg === 'top')).toMatchObject({ password: '[redacted]', token: '[redacted]' });
  });
});
