import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_HANDLING_FEE_CENTS, DEFAULT_PLAN_PRICE_CENTS } from '@store/contracts';
import { z } from 'zod';

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('127.0.0.1'),
  DATABASE_URL: z.string().url().optional(),
  DATA_DIR: z.string().default('./data'),
  PUBLIC_URL: z.string().url().optional(),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  SMTP_URL: z.string().url().optional(),
  STORE_EMAIL: z.string().email().default('support@localhost'),
  REDIS_URL: z.string().url().optional(),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_JWKS_URL: z.string().url().default('https://www.googleapis.com/oauth2/v3/certs'),
  PLAN_PRICE_CENTS: z.coerce.number().int().min(50).default(DEFAULT_PLAN_PRICE_CENTS),
  HANDLING_FEE_CENTS: z.coerce.number().int().min(0).default(DEFAULT_HANDLING_FEE_CENTS),
  SEED_DEMO: z.enum(['true', 'false']).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
});

/** Everything the server reads from the outside world, parsed once at start-up. */
export interface Config {
  env: 'development' | 'production' | 'test';
  isProduction: boolean;
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  publicUrl: string;
  jwtSecret: string;
  /** Signs XSRF cookies and unsubscribe links; separate from the JWT key. */
  linkSecret: string;
  stripe: { secretKey?: string; publishableKey?: string; webhookSecret?: string };
  smtpUrl: string | undefined;
  storeEmail: string;
  redisUrl: string | undefined;
  google: { clientId?: string; jwksUrl: string };
  planPriceCents: number;
  handlingFeeCents: number;
  seedDemo: boolean;
  logLevel: string;
  /** The built web app to serve; unset serves no static files. */
  webDist: string | undefined;
}

/** Reads and checks the environment, listing every bad key at once. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  const isProduction = env.NODE_ENV === 'production';
  if (isProduction && !env.JWT_SECRET) {
    throw new Error('Invalid environment:\n  JWT_SECRET: required in production');
  }
  const dataDir = path.resolve(env.DATA_DIR);
  const secrets = env.JWT_SECRET
    ? { jwtSecret: env.JWT_SECRET, linkSecret: deriveLinkSecret(env.JWT_SECRET) }
    : readOrCreateSecrets(dataDir);
  return {
    env: env.NODE_ENV,
    isProduction,
    port: env.PORT,
    host: env.HOST,
    databaseUrl: env.DATABASE_URL,
    dataDir,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    ...secrets,
    stripe: {
      secretKey: env.STRIPE_SECRET_KEY,
      publishableKey: env.STRIPE_PUBLISHABLE_KEY,
      webhookSecret: env.STRIPE_WEBHOOK_SECRET,
    },
    smtpUrl: env.SMTP_URL,
    storeEmail: env.STORE_EMAIL,
    redisUrl: env.REDIS_URL,
    google: { clientId: env.GOOGLE_CLIENT_ID, jwksUrl: env.GOOGLE_JWKS_URL },
    planPriceCents: env.PLAN_PRICE_CENTS,
    handlingFeeCents: env.HANDLING_FEE_CENTS,
    seedDemo: env.SEED_DEMO ? env.SEED_DEMO === 'true' : !isProduction,
    logLevel: env.LOG_LEVEL,
    webDist: env.WEB_DIST,
  };
}

function deriveLinkSecret(jwtSecret: string): string {
  return `link:${jwtSecret}`;
}

/** Development convenience: secrets generated once and kept in DATA_DIR so restarts keep sessions. */
function readOrCreateSecrets(dataDir: string): { jwtSecret: string; linkSecret: string } {
  const file = path.join(dataDir, 'secrets.json');
  try {
    const stored = JSON.parse(readFileSync(file, 'utf8')) as { jwtSecret: string; linkSecret: string };
    if (stored.jwtSecret && stored.linkSecret) return stored;
  } catch {
    // first start: fall through and create them
  }
  const secrets = {
    jwtSecret: randomBytes(48).toString('base64url'),
    linkSecret: randomBytes(48).toString('base64url'),
  };
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, JSON.stringify(secrets), { mode: 0o600 });
  return secrets;
}

/** A config for tests: fixed secrets, no files, nothing from the environment but what is passed. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    env: 'test',
    isProduction: false,
    port: 0,
    host: '127.0.0.1',
    databaseUrl: undefined,
    dataDir: '/nonexistent',
    publicUrl: 'http://localhost:8080',
    jwtSecret: 'test-jwt-secret-that-is-long-enough-0123456789',
    linkSecret: 'test-link-secret-that-is-long-enough-0123456789',
    stripe: {},
    smtpUrl: undefined,
    storeEmail: 'support@localhost',
    redisUrl: undefined,
    google: { jwksUrl: 'http://127.0.0.1:9/jwks' },
    planPriceCents: DEFAULT_PLAN_PRICE_CENTS,
    handlingFeeCents: DEFAULT_HANDLING_FEE_CENTS,
    seedDemo: false,
    logLevel: 'silent',
    webDist: undefined,
    ...overrides,
  };
}
