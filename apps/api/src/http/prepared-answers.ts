import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * Answers that are the same for every caller (the health check while its last database ping is
 * fresh, the quiz's fixed reference lists), written straight to the socket before Fastify routes
 * the request. Fastify's routing, hooks and reply pipeline cost more per request than the whole
 * answer does (docs/performance.md, "Answers written before routing"); these two are asked for by
 * every load balancer probe and every quiz page.
 *
 * A prepared answer carries the same status, headers and body the framework's route sends, and
 * every request it answers is counted and logged as the route's would be. Anything unusual about a
 * request (another method or spelling, a query string, a body, the server closing) sends it to
 * Fastify instead, which answers it as before. Nothing here depends on who is asking, so nothing
 * can be served to the wrong person.
 */
export class PreparedAnswers {
  readonly #answers = new Map<string, Prepared>();
  readonly #listeners: Array<(answered: AnsweredRequest) => void> = [];
  readonly #commonHeaders: ReadonlyArray<readonly [string, string]>;
  readonly #isClosing: () => boolean;
  readonly #now: () => number;

  /**
   * @param commonHeaders the headers every answer of the store carries (the security headers),
   *   added after each answer's own, as the framework's `onSend` hook adds them.
   */
  constructor(options: {
    commonHeaders: Record<string, string>;
    isClosing: () => boolean;
    now?: () => number;
  }) {
    this.#commonHeaders = Object.entries(options.commonHeaders);
    this.#isClosing = options.isClosing;
    this.#now = options.now ?? Date.now;
  }

  /**
   * Answers `GET <path>` (exactly as written, no query) with a 200 of `body`, until `freshUntil`
   * (a `Date.now()` time) when given; after it, or after `forget`, the route answers again.
   */
  set(path: string, { route, body, headers: given, freshUntil }: PreparedAnswer): void {
    const own = Object.entries(given).map(([k, v]) => [k.toLowerCase(), v] as const);
    const names = new Set(own.map(([k]) => k));
    const headers: string[] = [];
    for (const [k, v] of own) headers.push(k, v);
    for (const [k, v] of this.#commonHeaders) if (!names.has(k)) headers.push(k, v);
    // An API answer without its own caching rule is not to be stored (as the security hook says).
    if (!names.has('cache-control')) headers.push('cache-control', 'no-store');
    headers.push('content-length', String(Buffer.byteLength(body)));
    this.#answers.set(path, { route, headers, body, freshUntil });
  }

  forget(path: string): void {
    this.#answers.delete(path);
  }

  /** Called with every request a prepared answer served (the request tally, the access log). */
  onAnswered(listener: (answered: AnsweredRequest) => void): void {
    this.#listeners.push(listener);
  }

  /** Writes the prepared answer of `req` and says true, or says false and leaves it to Fastify. */
  answer(req: IncomingMessage, res: ServerResponse): boolean {
    if (req.method !== 'GET') return false;
    const url = req.url ?? '';
    const prepared = this.#answers.get(url);
    if (prepared === undefined) return false;
    const headers = req.headers;
    // A body on a GET, or a server on its way down: the framework's answer (415, 503) applies.
    if (headers['content-length'] !== undefined || headers['transfer-encoding'] !== undefined) return false;
    if (prepared.freshUntil !== undefined && this.#now() > prepared.freshUntil) return false;
    if (this.#isClosing()) return false;
    const started = this.#listeners.length > 0 ? process.hrtime.bigint() : 0n;
    res.writeHead(200, prepared.headers);
    res.end(prepared.body);
    if (this.#listeners.length > 0) {
      const answered: AnsweredRequest = {
        method: 'GET',
        url,
        route: prepared.route,
        status: 200,
        seconds: Number(process.hrtime.bigint() - started) / 1e9,
      };
      for (const listener of this.#listeners) listener(answered);
    }
    return true;
  }
}

/** An answer as a route prepares it: its own headers; the common ones and the length are added. */
export interface PreparedAnswer {
  route: string;
  body: string;
  headers: Record<string, string>;
  freshUntil?: number;
}

interface Prepared {
  route: string;
  /** Name, value, name, value…: Node writes a flat list as it is. */
  headers: string[];
  /**
   * Text, not bytes: Node sends the head and a text body in one write, where a Buffer body goes
   * out with the head as a two-part `writev`.
   */
  body: string;
  freshUntil: number | undefined;
}

export interface AnsweredRequest {
  method: string;
  url: string;
  /** The route pattern the framework would have matched (`/api/Types/:name`). */
  route: string;
  status: number;
  seconds: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The answers written before routing (http/prepared-answers.ts); routes keep theirs here. */
    preparedAnswers: PreparedAnswers;
  }
}
