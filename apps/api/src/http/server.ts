import { createServer, type ServerOptions } from 'node:http';
import fastifySwagger from '@fastify/swagger';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import type { Config } from '../config/env.ts';
import { answerClientError } from './client-errors.ts';
import { AppError, sendError } from './errors.ts';
import { loggerOptions, registerAccessLog, requestIds, requestLogger } from './logging.ts';
import { describeRoute } from './openapi.ts';
import { PreparedAnswers } from './prepared-answers.ts';
import { responseSerializer } from './response-json.ts';
import { searchEngineRoutes } from './search-engines.ts';
import { contentSecurityPolicy, registerSecurity, securityHeaders } from './security.ts';
import { serveWebApp } from './static.ts';
import { validatorCompiler } from './validation.ts';

/**
 * The Fastify instance as the store runs it: routing, validation and serialisation, the error
 * format, the access log, the security headers and the OpenAPI document. No route is registered
 * here; `finishHttpServer` adds the web app and the 404/405 answers once every route is in.
 */
export async function createHttpServer(config: Config, logStream?: NodeJS.WritableStream) {
  // While closing, answers end their connection so keep-alive clients do not hold shutdown open.
  let isClosing = false;
  const prepared = new PreparedAnswers({
    commonHeaders: securityHeaders(config),
    isClosing: () => isClosing,
  });
  const nextRequestId = requestIds();
  const app = Fastify({
    // The server Fastify would make, with the answers prepared in advance written before routing
    // (http/prepared-answers.ts); every other request goes to Fastify's handler as usual.
    serverFactory: (handler, fastifyOptions) => {
      const options = fastifyOptions as unknown as ServerSettings;
      const server = createServer(options.http ?? {}, (req, res) => {
        if (!prepared.answer(req, res)) handler(req, res);
      });
      // What Fastify sets on the server it makes itself, from its options with their defaults.
      server.keepAliveTimeout = options.keepAliveTimeout;
      server.requestTimeout = options.requestTimeout;
      server.setTimeout(options.connectionTimeout);
      if (options.maxRequestsPerSocket > 0) server.maxRequestsPerSocket = options.maxRequestsPerSocket;
      return server;
    },
    genReqId: nextRequestId,
    logger: loggerOptions(config.logLevel, logStream),
    // One line per response from our own onResponse hook, with secrets redacted.
    logController: new LogController({ disableRequestLogging: true }),
    // Each request's child logger is made when the request first logs (most never do).
    childLoggerFactory: requestLogger,
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true, maxParamLength: 200 },
    bodyLimit: 100 * 1024,
    trustProxy: process.env.TRUST_PROXY === 'true',
    return503OnClosing: true,
    // A bad URL encoding or an over-long path parameter is answered before routing; without this
    // Fastify writes its own body ({error, message, statusCode}) instead of the error format (F1).
    frameworkErrors: (error, request, reply) => sendError(error, request, reply),
    clientErrorHandler: answerClientError,
  });
  app.setValidatorCompiler(validatorCompiler);
  // The test suite also writes every answer through zod and compares the two texts.
  app.setSerializerCompiler(responseSerializer({ compareWithZod: config.env === 'test' }));
  app.setErrorHandler((error, request, reply) => sendError(error as Error, request, reply));
  // JSON only (F3): without this Fastify reads text/plain bodies as a string and the route answers 400, not 415.
  app.removeContentTypeParser('text/plain');
  app.decorateRequest('identityId', undefined);

  app.decorate('preparedAnswers', prepared);
  registerAccessLog(app, prepared, nextRequestId);

  app.addHook('preClose', async () => {
    isClosing = true;
    app.server.closeIdleConnections?.();
  });
  // The security hook adds `Connection: close` to answers while closing (one onSend hook for both).
  registerSecurity(app, config, { isClosing: () => isClosing });
  return app;
}

/** The options Fastify hands its server factory, with its defaults filled in. */
interface ServerSettings {
  http?: ServerOptions;
  keepAliveTimeout: number;
  requestTimeout: number;
  connectionTimeout: number;
  maxRequestsPerSocket: number;
}

/** The OpenAPI document at /api/docs; registered before the routes it describes. */
export async function registerApiDocs(app: FastifyInstance) {
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Sample First store API', version: '1.0.0' },
      servers: [{ url: '/' }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: describeRoute,
  });
}

/** Paths seen by any route, lowercased, so a wrong method answers 405 rather than 404; call before the routes. */
export function trackKnownPaths(app: FastifyInstance): Map<string, Set<string>> {
  const knownPaths = new Map<string, Set<string>>();
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const key = route.url.toLowerCase().replace(/\/$/, '');
    const set = knownPaths.get(key) ?? new Set<string>();
    for (const m of methods) set.add(m);
    knownPaths.set(key, set);
  });
  return knownPaths;
}

/**
 * After every route: /robots.txt and /sitemap.xml from PUBLIC_URL, the web app (when built) for the
 * rest, and 405 or 404 in the error format.
 */
export async function finishHttpServer(
  app: FastifyInstance,
  config: Config,
  knownPaths: Map<string, Set<string>>,
) {
  await app.register(searchEngineRoutes, { publicUrl: config.publicUrl });
  const sendIndex = config.webDist
    ? await serveWebApp(app, config.webDist, config.publicUrl, {
        isProduction: config.isProduction,
        contentSecurityPolicy: (styleHashes) => contentSecurityPolicy(config, styleHashes),
      })
    : undefined;

  app.setNotFoundHandler((request, reply) => {
    if (sendIndex?.(request, reply)) return;
    const path = request.url.split('?')[0]!.toLowerCase().replace(/\/$/, '');
    const allowed = knownPaths.get(path);
    if (allowed && !allowed.has(request.method)) {
      reply.header('allow', [...allowed].join(', '));
      return sendError(
        new AppError('method_not_allowed', 'This method is not allowed here.'),
        request,
        reply,
      );
    }
    return sendError(new AppError('not_found', 'Not found.'), request, reply);
  });
}
