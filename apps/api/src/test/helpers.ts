import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { type AppDeps, buildApp } from '../app.ts';
import { type Config, testConfig } from '../config/env.ts';
import { type Database, openDatabase } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';

/**
 * A fresh, migrated database for one test file: in-memory PGlite, or its own schema on the
 * PostgreSQL at TEST_DATABASE_URL.
 */
export async function openTestDatabase(): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL;
  const schema = url ? `t_${randomBytes(6).toString('hex')}` : undefined;
  const database = await openDatabase({ url, schema, maxConnections: 5 });
  await migrate(database);
  if (url && schema) {
    const close = database.close;
    database.close = async () => {
      await database.exec(`DROP SCHEMA "${schema}" CASCADE`).catch(() => {});
      await close();
    };
  }
  return database;
}

export interface TestServer {
  app: FastifyInstance;
  database: Database;
  config: Config;
  /** The listening address, e.g. http://127.0.0.1:41234 */
  baseUrl: string;
  /** A real HTTP request to the server; JSON in and out. */
  request(method: string, path: string, options?: RequestOptions): Promise<TestResponse>;
  close(): Promise<void>;
}

export interface RequestOptions {
  body?: unknown;
  token?: string;
  headers?: Record<string, string>;
  /** Send a raw string body with this content type instead of JSON. */
  rawBody?: { contentType: string; data: string | Buffer };
}

export interface TestResponse {
  status: number;
  headers: Headers;
  // biome-ignore lint/suspicious/noExplicitAny: tests read answers loosely and assert on them
  body: any;
  text: string;
}

/** Builds the production app on a fresh database and listens on a loopback port. */
export async function startTestServer(
  overrides: Partial<Config> = {},
  deps: Partial<Omit<AppDeps, 'config' | 'db'>> = {},
): Promise<TestServer> {
  const database = await openTestDatabase();
  const config = testConfig(overrides);
  const app = await buildApp({ config, db: database.db, ...deps });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;
  return {
    app,
    database,
    config,
    baseUrl,
    request: (method, path, options = {}) => httpRequest(baseUrl, method, path, options),
    async close() {
      await app.close();
      await database.close();
    },
  };
}

export async function httpRequest(
  baseUrl: string,
  method: string,
  path: string,
  options: RequestOptions = {},
): Promise<TestResponse> {
  const headers: Record<string, string> = { ...options.headers };
  let body: string | Buffer | undefined;
  if (options.rawBody) {
    headers['content-type'] = options.rawBody.contentType;
    body = options.rawBody.data;
  } else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const response = await fetch(`${baseUrl}${path}`, { method, headers, body: body as BodyInit | undefined });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON: leave the text
  }
  return { status: response.status, headers: response.headers, body: parsed, text };
}
