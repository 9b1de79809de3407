import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_HANDLING_FEE_CENTS, DEFAULT_PLAN_PRICE_CENTS } from '@store/contracts';
import { z } from 'zod';

/** stripe-node's timeout per HTTP call unless PROVIDER_TIMEOUT_MS says otherwise (docs/payments.md#provider-port). */
export const DEFAULT_PROVIDER_TIMEOUT_MS = 10_000;

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
  STRIPE_API_BASE: z.string().url().optional(),
  SMTP_URL: z.string().url().optional(),
  STORE_EMAIL: z.string().email().default('support@localhost'),
  REDIS_URL: z.string().url().optional(),
  REDIS_KEY_PREFIX: z.string().max(64).default(''),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_JWKS_URL: z.string().url().default('https://www.googleapis.com/oauth2/v3/certs'),
  PLAN_PRICE_CENTS: z.coerce.number().int().min(50).default(DEFAULT_PLAN_PRICE_CENTS),
  HANDLING_FEE_CENTS: z.coerce.number().int().min(0).default(DEFAULT_HANDLING_FEE_CENTS),
  SEED_DEMO: z.enum(['true', 'false']).optional(),
  /** The demo members on top of the demo catalog (docs/product.md#demo-data-and-sandbox); follows SEED_DEMO. */
  SEED_DEMO_MEMBERS: z.enum(['true', 'false']).optional(),
  RATE_LIMIT_SCALE: z.coerce.number().int().min(1).max(1000).default(1),
  RENEWAL_RETRY_DAYS: z
    .string()
    .regex(/^\d{1,2}(,\d{1,2}){0,5}$/, 'a comma-separated list of 1-6 day counts, such as 1,3,5')
    .refine(
      (text) =>
        text.split(',').every((d, i, all) => Number(d) >= 1 && (i === 0 || Number(d) > Number(all[i - 1]))),
      'days must be at least 1 and ascending, such as 1,3,5',
    )
    .default('1,3,5'),
  RENEWAL_FINAL_ACTION: z.enum(['cancel', 'pause', 'skip']).default('cancel'),
  PROVIDER_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(DEFAULT_PROVIDER_TIMEOUT_MS),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
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
  /** `stripe` when STRIPE_SECRET_KEY is set, otherwise the offline sandbox (docs/product.md#demo-data-and-sandbox). */
  paymentsProvider: 'sandbox' | 'stripe';
  /** `apiBase` is for tests only: a loopback Stripe stand-in, refused anywhere else. */
  stripe: { secretKey?: string; publishableKey?: string; webhookSecret?: string; apiBase?: string };
  smtpUrl: string | undefined;
  storeEmail: string;
  redisUrl: string | undefined;
  /** Put before every Redis key, so several stores (or test runs) can share one Redis. */
  redisKeyPrefix: string;
  google: { clientId?: string; jwksUrl: string };
  planPriceCents: number;
  handlingFeeCents: number;
  seedDemo: boolean;
  /** Demo members, their first boxes and reviews, made through the API at start-up (sandbox only). */
  seedDemoMembers: boolean;
  /** Failed renewals: retry days after the billing date and what follows the last failure (docs/payments.md#failed-renewal-policy). */
  renewals: { retryDays: number[]; finalAction: 'cancel' | 'pause' | 'skip' };
  /** How long one call to the payment provider may take (docs/payments.md#provider-port). */
  providerTimeoutMs: number;
  /** Multiplies every rate limit; 1 in production (browser-test runs share one address). */
  rateLimitScale: number;
  logLevel: string;
  /** The built web app to serve; unset serves no static files. */
  webDist: string | undefined;
  /** The bearer token Prometheus sends to `GET /api/metrics`; unset, the route is not there. */
  metricsToken?: string;
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
  if (isProduction && env.RATE_LIMIT_SCALE !== 1) {
    throw new Error('Invalid environment:\n  RATE_LIMIT_SCALE: must be 1 in production');
  }
  if (isProduction && !env.JWT_SECRET) {
    throw new Error('Invalid environment:\n  JWT_SECRET: required in production');
  }
  const paymentProblems = checkPaymentsEnv(env, isProduction);
  if (paymentProblems.length > 0) {
    throw new Error(`Invalid environment:\n${paymentProblems.map((p) => `  ${p}`).join('\n')}`);
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
    paymentsProvider: env.STRIPE_SECRET_KEY ? 'stripe' : 'sandbox',
    stripe: {
      secretKey: env.STRIPE_SECRET_KEY,
      publishableKey: env.STRIPE_PUBLISHABLE_KEY,
      webhookSecret: env.STRIPE_WEBHOOK_SECRET,
      apiBase: env.STRIPE_API_BASE,
    },
    smtpUrl: env.SMTP_URL,
    storeEmail: env.STORE_EMAIL,
    redisUrl: env.REDIS_URL,
    redisKeyPrefix: env.REDIS_KEY_PREFIX,
    google: { clientId: env.GOOGLE_CLIENT_ID, jwksUrl: env.GOOGLE_JWKS_URL },
    planPriceCents: env.PLAN_PRICE_CENTS,
    handlingFeeCents: env.HANDLING_FEE_CENTS,
    seedDemo: env.SEED_DEMO ? env.SEED_DEMO === 'true' : !isProduction,
    seedDemoMembers:
      (env.SEED_DEMO ? env.SEED_DEMO === 'true' : !isProduction) && env.SEED_DEMO_MEMBERS !== 'false',
    renewals: {
      retryDays: env.RENEWAL_RETRY_DAYS.split(',').map(Number),
      finalAction: env.RENEWAL_FINAL_ACTION,
    },
    providerTimeoutMs: env.PROVIDER_TIMEOUT_MS,
    rateLimitScale: env.RATE_LIMIT_SCALE,
    logLevel: env.LOG_LEVEL,
    webDist: env.WEB_DIST,
    metricsToken: env.METRICS_TOKEN,
  };
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * Payments fail closed (docs/reliability.md#c8, docs/reliability.md#f7): Stripe without a webhook secret, live keys outside
 * production, test payments in production, and the stand-in address anywhere but loopback.
 */
function checkPaymentsEnv(env: z.infer<typeof EnvSchema>, isProduction: boolean): string[] {
  const problems: string[] = [];
  const key = env.STRIPE_SECRET_KEY;
  if (key && !/^(sk|rk)_(test|live)_/.test(key)) {
    problems.push('STRIPE_SECRET_KEY: must be a Stripe secret key (sk_test_..., sk_live_... or rk_...)');
  }
  if (key && !env.STRIPE_WEBHOOK_SECRET) {
    problems.push(
      'STRIPE_WEBHOOK_SECRET: required when STRIPE_SECRET_KEY is set, so webhooks can be verified',
    );
  }
  if (env.STRIPE_WEBHOOK_SECRET && !env.STRIPE_WEBHOOK_SECRET.startsWith('whsec_')) {
    problems.push('STRIPE_WEBHOOK_SECRET: must be a webhook signing secret (whsec_...)');
  }
  if (key && /^(sk|rk)_live_/.test(key) && !isProduction) {
    problems.push('STRIPE_SECRET_KEY: a live key is refused outside NODE_ENV=production');
  }
  if (isProduction && !key) {
    problems.push('STRIPE_SECRET_KEY: required in production (the sandbox takes no real payments)');
  }
  if (isProduction && key && /^(sk|rk)_test_/.test(key)) {
    problems.push('STRIPE_SECRET_KEY: a test key is refused in production');
  }
  if (env.STRIPE_API_BASE) {
    if (isProduction) problems.push('STRIPE_API_BASE: for tests only; refused in production');
    else if (!LOOPBACK_HOSTS.has(new URL(env.STRIPE_API_BASE).hostname)) {
      problems.push('STRIPE_API_BASE: only a loopback address (127.0.0.1, ::1, localhost) is allowed');
    }
  }
  return problems;
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
    paymentsProvider: 'sandbox',
    stripe: {},
    smtpUrl: undefined,
    storeEmail: 'support@localhost',
    redisUrl: undefined,
    redisKeyPrefix: '',
    google: { jwksUrl: 'http://127.0.0.1:9/jwks' },
    planPriceCents: DEFAULT_PLAN_PRICE_CENTS,
    handlingFeeCents: DEFAULT_HANDLING_FEE_CENTS,
    seedDemo: false,
    seedDemoMembers: false,
    renewals: { retryDays: [1, 3, 5], finalAction: 'cancel' },
    providerTimeoutMs: DEFAULT_PROVIDER_TIMEOUT_MS,
    rateLimitScale: 1,
    logLevel: 'silent',
    webDist: undefined,
    ...overrides,
  };
}
