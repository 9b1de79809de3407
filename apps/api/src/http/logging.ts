import type { FastifyBaseLogger, FastifyInstance, FastifyServerOptions } from 'fastify';
import type { PreparedAnswers } from './prepared-answers.ts';

const SECRET_KEYS = /token|code|password|credential|secret|key/i;

/** The URL for logs: query values that could be secrets are replaced. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q === -1) return url;
  const params = new URLSearchParams(url.slice(q + 1));
  for (const key of [...params.keys()]) if (SECRET_KEYS.test(key)) params.set(key, '[redacted]');
  return `${url.slice(0, q)}?${params.toString()}`;
}

/** pino options: no Authorization, cookies or bodies ever reach the log. */
export function loggerOptions(level: string, stream?: NodeJS.WritableStream): FastifyServerOptions['logger'] {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'res.headers["set-cookie"]',
        'password',
        'token',
        'refresh_token',
        'currentPassword',
        'newPassword',
        'credential',
        '*.password',
        '*.token',
        '*.refresh_token',
      ],
      censor: '[redacted]',
    },
    serializers: {
      req: (req: { method: string; url: string; ip?: string }) => ({
        method: req.method,
        url: redactUrl(req.url),
        ip: req.ip,
      }),
    },
  };
}

/** The levels at which the access line (an `info`) is not written. */
const LEVELS_WITHOUT_INFO = new Set(['warn', 'error', 'fatal', 'silent']);

/**
 * The one access line per answered request (none for /api/health). Its fields are set here and
 * the query is already redacted, so it goes through a child without pino's wildcard redaction,
 * which costs more than the line itself (about 2 µs a request, measured by `npm run bench`).
 */
export function registerAccessLog(
  app: FastifyInstance,
  prepared: PreparedAnswers,
  nextRequestId: () => string,
) {
  const access = app.log.child({}, { redact: { paths: [] } });
  // At LOG_LEVEL=warn and above the line is off: nothing is built for it, and no id is taken.
  const isLogged = (url: string) => url !== '/api/health' && !LEVELS_WITHOUT_INFO.has(access.level);
  const write = (reqId: string, method: string, url: string, status: number, ms: number) => {
    access.info({ reqId, method, url: redactUrl(url), status, ms: Math.round(ms) }, 'request');
  };
  app.addHook('onResponse', (request, reply, done) => {
    if (isLogged(request.url))
      write(request.id, request.method, request.url, reply.statusCode, reply.elapsedTime);
    done();
  });
  // An answer written before routing has the same line, with an id from the same sequence.
  prepared.onAnswered((answered) => {
    if (isLogged(answered.url)) {
      write(nextRequestId(), answered.method, answered.url, answered.status, answered.seconds * 1000);
    }
  });
}

/** Request ids as Fastify numbers them (`req-1`, `req-2`…, base 36), shared with the prepared answers. */
export function requestIds(): () => string {
  let next = 0;
  return () => {
    // Kept a small integer (2^31 - 1 at most), as Fastify's own counter is.
    next = (next + 1) & 0x7fffffff;
    return `req-${next.toString(36)}`;
  };
}

type Bindings = Parameters<FastifyBaseLogger['child']>[0];
type ChildLoggerOptions = NonNullable<Parameters<FastifyBaseLogger['child']>[1]>;

/**
 * A request's logger, made the first time the request logs. Fastify makes a child logger for
 * every request (to stamp its lines with the request id) before any route runs, and pino's child
 * copies the bindings and the redaction setup: about 4 % of a health check's CPU, for a logger that
 * almost no request uses (docs/performance.md, "What every request paid for"). The lines it writes
 * are the child's, unchanged.
 */
class RequestLogger implements FastifyBaseLogger {
  #made: FastifyBaseLogger | undefined;
  readonly #parent: FastifyBaseLogger;
  readonly #bindings: Bindings;
  readonly #options: ChildLoggerOptions;

  constructor(parent: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions) {
    this.#parent = parent;
    this.#bindings = bindings;
    this.#options = options;
  }

  get #logger(): FastifyBaseLogger {
    if (this.#made === undefined) this.#made = this.#parent.child(this.#bindings, this.#options);
    return this.#made;
  }

  get level(): string {
    return this.#made?.level ?? this.#options.level ?? this.#parent.level;
  }
  set level(level: string) {
    this.#logger.level = level;
  }
  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.#logger.child(bindings, options);
  }
  fatal(...args: unknown[]): void {
    call(this.#logger, 'fatal', args);
  }
  error(...args: unknown[]): void {
    call(this.#logger, 'error', args);
  }
  warn(...args: unknown[]): void {
    call(this.#logger, 'warn', args);
  }
  info(...args: unknown[]): void {
    call(this.#logger, 'info', args);
  }
  debug(...args: unknown[]): void {
    call(this.#logger, 'debug', args);
  }
  trace(...args: unknown[]): void {
    call(this.#logger, 'trace', args);
  }
  silent(...args: unknown[]): void {
    call(this.#logger, 'silent', args);
  }
}

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

function call(logger: FastifyBaseLogger, level: Level, args: unknown[]): void {
  (logger[level] as (...a: unknown[]) => void).apply(logger, args);
}

/** Fastify's `childLoggerFactory`: each request gets a `RequestLogger`. */
export function requestLogger(
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger {
  return new RequestLogger(logger, bindings, options);
}
