import { createHash } from 'node:crypto';
import {
  AUTHENTICATION_FAILED,
  AUTHENTICATION_REQUIRED,
  type CardDecline,
  canonicalTestCardId,
  findSandboxCard,
} from './sandbox-cards.ts';
import type { SandboxStore } from './sandbox-store.ts';
import { sandboxTaxCalculation, TaxParamError } from './sandbox-tax.ts';
import type { StripeRawError } from './stripe-objects.ts';

/*
 * The offline provider's behaviour (docs/payments.md#sandbox), written once and spoken in two forms: the
 * in-process adapter calls `request` directly, and the loopback stand-in serves it over HTTP to
 * stripe-node. It answers Stripe's REST subset with Stripe's JSON shapes, status codes and
 * idempotency rules, on an injectable clock, with ids derived from a seed.
 */

/** Stripe keeps idempotency keys for at least 24 hours. */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60 * 1000;
const MIN_AMOUNT_CENTS = 50;
const MAX_AMOUNT_CENTS = 99_999_999;
const API_VERSION = '2026-10-28.endive';

export type Params = Record<string, unknown>;

export interface SandboxRequest {
  method: 'GET' | 'POST';
  /** `/v1/payment_intents/pi_.../confirm`; a query string is read into `params` for GET. */
  path: string;
  params?: Params;
  idempotencyKey?: string;
}

export interface SandboxResponse {
  statusCode: number;
  body: unknown;
  /** True when the answer is the stored one of an earlier request with the same key. */
  replayed: boolean;
}

export interface SandboxEvent {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  livemode: false;
  pending_webhooks: number;
  request: { id: null; idempotency_key: string | null };
  type: string;
  data: { object: unknown };
}

export interface SandboxEngineOptions {
  store: SandboxStore;
  clock?: () => Date;
  /** Ids are derived from this seed and a sequence, so a run is repeatable. */
  seed?: string;
}

/** A Stripe error answer; `stored` errors are replayed under their key, the rest release it. */
class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly raw: StripeRawError & { type: string; message: string },
  ) {
    super(raw.message);
  }
  get isStored(): boolean {
    return this.raw.type === 'card_error';
  }
}

function invalid(
  message: string,
  details: { code?: string; param?: string; statusCode?: number } = {},
): ApiError {
  return new ApiError(details.statusCode ?? 400, {
    type: 'invalid_request_error',
    message,
    ...(details.code ? { code: details.code } : {}),
    ...(details.param ? { param: details.param } : {}),
  });
}

function missing(what: string, id: string, param?: string): ApiError {
  return invalid(`No such ${what}: '${id}'`, {
    code: 'resource_missing',
    statusCode: param ? 400 : 404,
    ...(param ? { param } : {}),
  });
}

// ---- JSON shapes the sandbox keeps (Stripe's, trimmed to what the store reads) ----

interface CardJson {
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  funding: 'credit';
  country: 'US';
}

interface PaymentMethodJson {
  id: string;
  object: 'payment_method';
  type: 'card';
  created: number;
  customer: string | null;
  livemode: false;
  metadata: Record<string, string>;
  card: CardJson;
}

/** What the store keeps for a payment method: Stripe's JSON and the test card it came from. */
interface StoredPaymentMethod {
  json: PaymentMethodJson;
  testCard: string;
}

interface CustomerJson {
  id: string;
  object: 'customer';
  created: number;
  email: string | null;
  name: string | null;
  livemode: false;
  metadata: Record<string, string>;
  invoice_settings: { default_payment_method: string | null };
}

interface PaymentIntentJson {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  status:
    | 'requires_payment_method'
    | 'requires_confirmation'
    | 'requires_action'
    | 'processing'
    | 'canceled'
    | 'succeeded';
  client_secret: string;
  customer: string | null;
  payment_method: string | null;
  payment_method_types: string[];
  setup_future_usage: 'off_session' | 'on_session' | null;
  capture_method: 'automatic';
  confirmation_method: 'automatic';
  metadata: Record<string, string>;
  last_payment_error: (StripeRawError & { payment_method?: PaymentMethodJson }) | null;
  next_action: { type: 'use_stripe_sdk'; use_stripe_sdk: { type: string; approve_path: string } } | null;
  latest_charge: string | null;
  cancellation_reason: string | null;
  canceled_at: number | null;
  created: number;
  livemode: false;
}

interface ChargeJson {
  id: string;
  object: 'charge';
  amount: number;
  amount_refunded: number;
  refunded: boolean;
  currency: string;
  status: 'succeeded';
  paid: true;
  payment_intent: string;
  payment_method: string;
  customer: string | null;
  created: number;
}

interface RefundJson {
  id: string;
  object: 'refund';
  amount: number;
  charge: string;
  payment_intent: string;
  currency: string;
  status: 'succeeded' | 'pending' | 'failed';
  failure_reason?: string;
  reason: string | null;
  metadata: Record<string, string>;
  created: number;
}

// ---- parameter reading: form-encoded values arrive as strings, in-process ones typed ----

function readString(params: Params, name: string): string | undefined {
  const value = params[name];
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string' && typeof value !== 'number') {
    throw invalid(`Invalid string: ${name}`, { code: 'parameter_invalid_string', param: name });
  }
  return String(value);
}

function readInteger(params: Params, name: string): number | undefined {
  const value = params[name];
  if (value === undefined || value === null || value === '') return undefined;
  const n = typeof value === 'number' ? value : /^-?\d+$/.test(String(value)) ? Number(value) : Number.NaN;
  if (!Number.isSafeInteger(n)) {
    throw invalid(`Invalid integer: ${String(value)}`, { code: 'parameter_invalid_integer', param: name });
  }
  return n;
}

function readBoolean(params: Params, name: string): boolean | undefined {
  const value = params[name];
  if (value === undefined || value === null || value === '') return undefined;
  if (value === true || value === 'true') return true;
  if (value === false || value === 'false') return false;
  throw invalid(`Invalid boolean: ${String(value)}`, { code: 'parameter_invalid_boolean', param: name });
}

function readMetadata(params: Params): Record<string, string> {
  const value = params.metadata;
  if (value === undefined || value === null || value === '') return {};
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw invalid('Invalid object', { code: 'parameter_invalid_object', param: 'metadata' });
  }
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length > 50) throw invalid('Metadata can have at most 50 keys.', { param: 'metadata' });
  return Object.fromEntries(entries.map(([key, v]) => [key, String(v)]));
}

/** A stable text of the parameters, so a replay with the same ones hashes alike in either form. */
function canonical(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value !== 'object') return JSON.stringify(String(value));
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  const keys = Object.keys(value as object).sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${canonical((value as Params)[k])}`).join(',')}}`;
}

/** What an idempotency key remembers of its request, to tell a replay from another request. */
export function requestHash(method: string, path: string, params: Params): string {
  return createHash('sha256')
    .update(`${method} ${path} ${canonical(params)}`)
    .digest('hex');
}

function missingPaymentMethod(): ApiError {
  return invalid(
    "You cannot confirm this PaymentIntent because it's missing a payment method. You can either update the PaymentIntent with a payment method and then confirm it again, or confirm it again directly with a payment method.",
    { code: 'payment_intent_unexpected_state' },
  );
}

function dollars(cents: number): string {
  return `$${(cents / 100).toFixed(2)}`;
}

export class SandboxEngine {
  private readonly store: SandboxStore;
  private readonly clock: () => Date;
  private readonly seed: string;
  private readonly listeners = new Set<(event: SandboxEvent) => void>();
  // One request at a time per engine, as Stripe locks the objects a request touches.
  private queue: Promise<unknown> = Promise.resolve();

  constructor(options: SandboxEngineOptions) {
    this.store = options.store;
    this.clock = options.clock ?? (() => new Date());
    this.seed = options.seed ?? 'sandbox';
  }

  /** Calls `listener` with every event the sandbox emits (the stand-in delivers them as webhooks). */
  onEvent(listener: (event: SandboxEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Answers one REST request, as Stripe would: JSON body and status, idempotent for POSTs with a key. */
  request(request: SandboxRequest): Promise<SandboxResponse> {
    const run = this.queue.then(() => this.handle(request));
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async handle(request: SandboxRequest): Promise<SandboxResponse> {
    const [path, query] = request.path.split('?') as [string, string | undefined];
    const params: Params = {
      ...(query ? Object.fromEntries(new URLSearchParams(query)) : {}),
      ...request.params,
    };
    const key = request.method === 'POST' ? request.idempotencyKey : undefined;
    const now = this.clock();
    if (key) {
      const claim = await this.store.claimKey(
        key,
        requestHash(request.method, path, params),
        now,
        IDEMPOTENCY_KEY_TTL_MS,
      );
      if (claim.state === 'replay')
        return { statusCode: claim.statusCode, body: claim.response, replayed: true };
      if (claim.state === 'mismatch') {
        return this.errorResponse(
          new ApiError(400, {
            type: 'idempotency_error',
            message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
          }),
        );
      }
      if (claim.state === 'in_progress') {
        return this.errorResponse(
          invalid(
            `There is currently another in-progress request using this Idempotent Key (that probably means you submitted twice, and the other request is still going through): ${key}. Please try again later.`,
            { code: 'idempotency_key_in_use', statusCode: 409 },
          ),
        );
      }
    }
    try {
      const body = await this.route(request.method, path, params, key);
      if (key) await this.store.completeKey(key, 200, body);
      return { statusCode: 200, body, replayed: false };
    } catch (error) {
      if (!(error instanceof ApiError)) {
        if (key) await this.store.releaseKey(key).catch(() => undefined);
        throw error;
      }
      const response = this.errorResponse(error);
      if (key && error.isStored) await this.store.completeKey(key, response.statusCode, response.body);
      else if (key) await this.store.releaseKey(key);
      return response;
    }
  }

  private errorResponse(error: ApiError): SandboxResponse {
    return { statusCode: error.statusCode, body: { error: error.raw }, replayed: false };
  }

  private async route(
    method: string,
    path: string,
    params: Params,
    key: string | undefined,
  ): Promise<unknown> {
    const parts = path.replace(/\/+$/, '').split('/').slice(1);
    const [version, resource, id, action] = parts;
    if (version === 'sbx' && resource === '3ds' && id && method === 'POST' && parts.length === 4) {
      if (action === 'approve' || action === 'fail')
        return this.completeAuthentication(id, action === 'approve');
    }
    if (version === 'sbx' && resource === 'refunds' && id && action === 'settle' && method === 'POST') {
      return this.settleRefund(id);
    }
    if (version === 'sbx' && resource === 'charges' && id && action === 'dispute' && method === 'POST') {
      // The cardholder disputes a charge some time after it succeeded (as Stripe's dashboard shows it).
      return this.dispute(await this.getObjectOf<ChargeJson>('charge', id, 'charge'));
    }
    if (version !== 'v1')
      throw invalid(`Unrecognized request URL (${method}: ${path}).`, { statusCode: 404 });
    if (resource === 'events' && !id && method === 'GET') return this.listEvents(params);
    if (resource === 'customers') {
      if (!id && method === 'POST') return this.createCustomer(params, key);
      if (id && !action && method === 'GET') return this.getCustomer(id);
      if (id && !action && method === 'POST') return this.updateCustomer(id, params);
    }
    if (resource === 'payment_methods' && id) {
      if (!action && method === 'GET') return this.getPaymentMethodJson(id);
      if (action === 'attach' && method === 'POST') return this.attachPaymentMethod(id, params);
    }
    if (resource === 'payment_intents') {
      if (!id && method === 'POST') return this.createPaymentIntent(params, key);
      if (id === 'search' && method === 'GET') return this.searchPaymentIntents(params);
      if (id && !action && method === 'GET') return this.getPaymentIntent(id);
      if (id && action === 'confirm' && method === 'POST') return this.confirmPaymentIntent(id, params);
      if (id && action === 'cancel' && method === 'POST') return this.cancelPaymentIntent(id, params);
    }
    if (resource === 'tax' && id === 'calculations' && !action && method === 'POST') {
      return this.createTaxCalculation(params);
    }
    if (resource === 'refunds') {
      if (!id && method === 'POST') return this.createRefund(params);
      if (id && method === 'GET') return this.getObjectOf<RefundJson>('refund', id, 'refund');
    }
    throw invalid(`Unrecognized request URL (${method}: ${path}).`, { statusCode: 404 });
  }

  // ---- tax (the stand-in's Stripe Tax, sandbox-tax.ts) ----

  private async createTaxCalculation(params: Params): Promise<unknown> {
    const count = Object.keys((params.line_items ?? {}) as Params).length;
    const ids = {
      calculation: await this.newId('taxcalc'),
      lineItems: await Promise.all(Array.from({ length: count }, () => this.newId('tax_li'))),
    };
    try {
      return sandboxTaxCalculation(params, ids, this.nowSeconds());
    } catch (error) {
      if (error instanceof TaxParamError) throw invalid(error.message, { param: error.param });
      throw error;
    }
  }

  // ---- ids, time, events ----

  private async newId(prefix: string): Promise<string> {
    const n = await this.store.nextSequence();
    const digest = createHash('sha256').update(`${this.seed}:${n}`).digest('hex').slice(0, 20);
    return `${prefix}_sbx_${digest}`;
  }

  private nowSeconds(): number {
    return Math.floor(this.clock().getTime() / 1000);
  }

  private async emit(type: string, object: unknown, key?: string): Promise<void> {
    const event: SandboxEvent = {
      id: await this.newId('evt'),
      object: 'event',
      api_version: API_VERSION,
      created: this.nowSeconds(),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: key ?? null },
      type,
      data: { object: structuredClone(object) },
    };
    await this.store.putObject('event', event.id, event, this.clock());
    for (const listener of this.listeners) listener(event);
  }

  private async getObjectOf<T>(kind: string, id: string, what: string, param?: string): Promise<T> {
    const found = await this.store.getObject(id);
    if (!found || found.kind !== kind) throw missing(what, id, param);
    return found.data as T;
  }

  // ---- customers ----

  private async createCustomer(params: Params, key: string | undefined): Promise<CustomerJson> {
    const customer: CustomerJson = {
      id: await this.newId('cus'),
      object: 'customer',
      created: this.nowSeconds(),
      email: readString(params, 'email') ?? null,
      name: readString(params, 'name') ?? null,
      livemode: false,
      metadata: readMetadata(params),
      invoice_settings: { default_payment_method: null },
    };
    await this.store.putObject('customer', customer.id, customer, this.clock());
    await this.emit('customer.created', customer, key);
    return customer;
  }

  private getCustomer(id: string, param?: string): Promise<CustomerJson> {
    return this.getObjectOf<CustomerJson>('customer', id, 'customer', param);
  }

  private async updateCustomer(id: string, params: Params): Promise<CustomerJson> {
    const customer = await this.getCustomer(id);
    const settings = params.invoice_settings as Params | undefined;
    const defaultPm = settings ? readString(settings, 'default_payment_method') : undefined;
    if (defaultPm) {
      const pm = await this.findStoredPaymentMethod(defaultPm, 'invoice_settings[default_payment_method]');
      if (pm.json.customer !== id) {
        throw invalid(
          `The customer does not have a payment method with the ID ${defaultPm}. The payment method must be attached to the customer.`,
          { code: 'resource_missing', param: 'invoice_settings[default_payment_method]' },
        );
      }
      customer.invoice_settings.default_payment_method = defaultPm;
    }
    const email = readString(params, 'email');
    if (email) customer.email = email;
    if (params.metadata !== undefined) customer.metadata = { ...customer.metadata, ...readMetadata(params) };
    await this.store.putObject('customer', id, customer, this.clock());
    await this.emit('customer.updated', customer);
    return customer;
  }

  // ---- payment methods ----

  /** A stored payment method, or a new one made from a test card id (as Stripe does for `pm_card_*`). */
  private async findStoredPaymentMethod(id: string, param?: string): Promise<StoredPaymentMethod> {
    const testCard = canonicalTestCardId(id);
    if (testCard) {
      const card = findSandboxCard(testCard)!;
      const now = this.clock();
      const stored: StoredPaymentMethod = {
        testCard,
        json: {
          id: await this.newId('pm'),
          object: 'payment_method',
          type: 'card',
          created: this.nowSeconds(),
          customer: null,
          livemode: false,
          metadata: {},
          card: {
            brand: card.brand,
            last4: card.last4,
            // The expiry is the test card's own, not what was typed: Stripe answers `pm_card_visa`
            // & co. with a PaymentMethod whose expiry Stripe fixes, and the sandbox card field sends
            // only that id (docs/payments.md#sandbox). So the saved card may show
            // e.g. 11/29 after 12/34 was typed; with Stripe Elements the typed expiry is kept.
            exp_month: now.getUTCMonth() + 1,
            exp_year: now.getUTCFullYear() + 3,
            funding: 'credit',
            country: 'US',
          },
        },
      };
      await this.store.putObject('payment_method', stored.json.id, stored, now);
      return stored;
    }
    return this.getObjectOf<StoredPaymentMethod>('payment_method', id, 'PaymentMethod', param);
  }

  private async getPaymentMethodJson(id: string): Promise<PaymentMethodJson> {
    if (canonicalTestCardId(id)) return (await this.findStoredPaymentMethod(id)).json;
    return (await this.getObjectOf<StoredPaymentMethod>('payment_method', id, 'PaymentMethod')).json;
  }

  private async attachPaymentMethod(id: string, params: Params): Promise<PaymentMethodJson> {
    const customerId = readString(params, 'customer');
    if (!customerId)
      throw invalid('Missing required param: customer.', { code: 'parameter_missing', param: 'customer' });
    await this.getCustomer(customerId, 'customer');
    const stored = await this.findStoredPaymentMethod(id);
    const behaviour = findSandboxCard(stored.testCard)!.behaviour;
    // Stripe checks the card when it is saved: a card that declines every charge fails here already.
    if (behaviour.kind === 'decline') throw this.cardError(behaviour.decline, stored.json);
    if (stored.json.customer && stored.json.customer !== customerId) {
      throw invalid('The payment method you provided has already been attached to a customer.', {
        code: 'payment_method_unexpected_state',
      });
    }
    stored.json.customer = customerId;
    await this.store.putObject('payment_method', stored.json.id, stored, this.clock());
    await this.emit('payment_method.attached', stored.json);
    return stored.json;
  }

  private cardError(decline: CardDecline, pm?: PaymentMethodJson, pi?: PaymentIntentJson): ApiError {
    return new ApiError(402, {
      type: 'card_error',
      code: decline.code,
      ...(decline.declineCode ? { decline_code: decline.declineCode } : {}),
      message: decline.message,
      ...(pm ? { payment_method: pm } : {}),
      ...(pi ? { payment_intent: structuredClone(pi) } : {}),
    } as ApiError['raw']);
  }

  // ---- payment intents ----

  private async getPaymentIntent(id: string): Promise<PaymentIntentJson> {
    const pi = await this.store.getPaymentIntent(id);
    if (!pi) throw missing('payment_intent', id);
    return pi as PaymentIntentJson;
  }

  private async savePaymentIntent(pi: PaymentIntentJson, key?: string): Promise<void> {
    await this.store.putPaymentIntent(pi, this.clock(), key);
  }

  private async createPaymentIntent(params: Params, key: string | undefined): Promise<PaymentIntentJson> {
    const amount = readInteger(params, 'amount');
    if (amount === undefined)
      throw invalid('Missing required param: amount.', { code: 'parameter_missing', param: 'amount' });
    const currency = readString(params, 'currency');
    if (!currency)
      throw invalid('Missing required param: currency.', { code: 'parameter_missing', param: 'currency' });
    if (currency !== 'usd') {
      throw invalid(`The sandbox charges only in usd, not '${currency}'.`, {
        code: 'parameter_invalid',
        param: 'currency',
      });
    }
    if (amount < MIN_AMOUNT_CENTS) {
      throw invalid('Amount must be at least $0.50 usd', { code: 'amount_too_small', param: 'amount' });
    }
    if (amount > MAX_AMOUNT_CENTS) {
      throw invalid(`Amount must be no more than ${dollars(MAX_AMOUNT_CENTS)}`, {
        code: 'amount_too_large',
        param: 'amount',
      });
    }
    const confirm = readBoolean(params, 'confirm') ?? false;
    const offSession = readBoolean(params, 'off_session') ?? false;
    if (offSession && !confirm) {
      throw invalid('off_session can only be used when confirm is true.', { param: 'off_session' });
    }
    const setupFutureUsage = readString(params, 'setup_future_usage') ?? null;
    if (
      setupFutureUsage !== null &&
      setupFutureUsage !== 'off_session' &&
      setupFutureUsage !== 'on_session'
    ) {
      throw invalid(`Invalid setup_future_usage: ${setupFutureUsage}`, { param: 'setup_future_usage' });
    }
    const metadata = readMetadata(params);
    const customerId = readString(params, 'customer') ?? null;
    if (customerId) await this.getCustomer(customerId, 'customer');
    const pmParam = readString(params, 'payment_method');
    const pm = pmParam ? await this.findStoredPaymentMethod(pmParam, 'payment_method') : undefined;
    if (pm?.json.customer && pm.json.customer !== customerId) {
      throw invalid('The provided PaymentMethod belongs to a different Customer.', {
        param: 'payment_method',
      });
    }
    if (confirm && !pm) throw missingPaymentMethod();
    const id = await this.newId('pi');
    const pi: PaymentIntentJson = {
      id,
      object: 'payment_intent',
      amount,
      amount_received: 0,
      currency,
      status: pm ? 'requires_confirmation' : 'requires_payment_method',
      client_secret: `${id}_secret_${createHash('sha256').update(`${this.seed}:secret:${id}`).digest('hex').slice(0, 24)}`,
      customer: customerId,
      payment_method: pm?.json.id ?? null,
      payment_method_types: ['card'],
      setup_future_usage: setupFutureUsage,
      capture_method: 'automatic',
      confirmation_method: 'automatic',
      metadata,
      last_payment_error: null,
      next_action: null,
      latest_charge: null,
      cancellation_reason: null,
      canceled_at: null,
      created: this.nowSeconds(),
      livemode: false,
    };
    await this.savePaymentIntent(pi, key);
    await this.emit('payment_intent.created', pi, key);
    if (!confirm || !pm) return pi;
    return this.charge(pi, pm, offSession);
  }

  private async confirmPaymentIntent(id: string, params: Params): Promise<PaymentIntentJson> {
    const pi = await this.getPaymentIntent(id);
    if (!['requires_payment_method', 'requires_confirmation', 'requires_action'].includes(pi.status)) {
      throw invalid(
        `You cannot confirm this PaymentIntent because it has a status of ${pi.status}. Only a PaymentIntent with one of the following statuses may be confirmed: requires_confirmation, requires_action, requires_payment_method.`,
        { code: 'payment_intent_unexpected_state' },
      );
    }
    const pmParam = readString(params, 'payment_method') ?? pi.payment_method ?? undefined;
    if (!pmParam) throw missingPaymentMethod();
    const pm = await this.findStoredPaymentMethod(pmParam, 'payment_method');
    if (pm.json.customer && pi.customer && pm.json.customer !== pi.customer) {
      throw invalid('The provided PaymentMethod belongs to a different Customer.', {
        param: 'payment_method',
      });
    }
    return this.charge(pi, pm, readBoolean(params, 'off_session') ?? false);
  }

  /** Confirms with this card: succeeds, declines (402 carrying the PaymentIntent), or asks for 3D Secure. */
  private async charge(pi: PaymentIntentJson, pm: StoredPaymentMethod, offSession: boolean) {
    pi.payment_method = pm.json.id;
    pi.last_payment_error = null;
    const behaviour = findSandboxCard(pm.testCard)!.behaviour;
    if (behaviour.kind === 'decline' || behaviour.kind === 'decline_on_charge') {
      return this.decline(pi, pm.json, behaviour.decline);
    }
    if (behaviour.kind === 'authenticate_on_session' && offSession) return this.succeed(pi, pm);
    if (behaviour.kind === 'authenticate' || behaviour.kind === 'authenticate_on_session') {
      if (offSession) return this.decline(pi, pm.json, AUTHENTICATION_REQUIRED);
      pi.status = 'requires_action';
      pi.next_action = {
        type: 'use_stripe_sdk',
        use_stripe_sdk: { type: 'three_d_secure_redirect', approve_path: `/sbx/3ds/${pi.id}/approve` },
      };
      await this.savePaymentIntent(pi);
      await this.emit('payment_intent.requires_action', pi);
      return pi;
    }
    return this.succeed(pi, pm);
  }

  private async succeed(pi: PaymentIntentJson, pm: StoredPaymentMethod): Promise<PaymentIntentJson> {
    const charge: ChargeJson = {
      id: await this.newId('ch'),
      object: 'charge',
      amount: pi.amount,
      amount_refunded: 0,
      refunded: false,
      currency: pi.currency,
      status: 'succeeded',
      paid: true,
      payment_intent: pi.id,
      payment_method: pm.json.id,
      customer: pi.customer,
      created: this.nowSeconds(),
    };
    await this.store.putObject('charge', charge.id, charge, this.clock());
    // As at Stripe, a card paid with setup_future_usage is saved on the customer afterwards.
    if (pi.customer && pi.setup_future_usage && !pm.json.customer) {
      pm.json.customer = pi.customer;
      await this.store.putObject('payment_method', pm.json.id, pm, this.clock());
    }
    pi.status = 'succeeded';
    pi.amount_received = pi.amount;
    pi.latest_charge = charge.id;
    pi.next_action = null;
    await this.savePaymentIntent(pi);
    await this.emit('charge.succeeded', charge);
    await this.emit('payment_intent.succeeded', pi);
    const behaviour = findSandboxCard(pm.testCard)?.behaviour;
    if (behaviour?.kind === 'succeed' && behaviour.dispute) await this.dispute(charge);
    return pi;
  }

  /**
   * `GET /v1/events`: newest first, `created[gt]`, `limit` (1-100, 10 by default) and the
   * `starting_after` cursor (the next, older page), as Stripe pages every list.
   */
  private async listEvents(params: Params) {
    const created = params.created as Params | undefined;
    const gt = Number((typeof created === 'object' ? created?.gt : undefined) ?? params['created[gt]'] ?? 0);
    const limit = Math.min(100, Math.max(1, Number(params.limit ?? 10) || 10));
    let events = (await this.store.listEvents(Number.isFinite(gt) ? gt : 0)) as SandboxEvent[];
    const after = typeof params.starting_after === 'string' ? params.starting_after : undefined;
    if (after) {
      const at = events.findIndex((event) => event.id === after);
      if (at < 0) throw missing('event', after, 'starting_after');
      events = events.slice(at + 1);
    }
    return {
      object: 'list',
      url: '/v1/events',
      has_more: events.length > limit,
      data: events.slice(0, limit),
    };
  }

  /** `pm_card_createDispute`: the cardholder disputes the charge as soon as it succeeds. */
  private async dispute(charge: ChargeJson): Promise<unknown> {
    const dispute = {
      id: await this.newId('dp'),
      object: 'dispute',
      amount: charge.amount,
      charge: charge.id,
      payment_intent: charge.payment_intent,
      currency: charge.currency,
      reason: 'fraudulent',
      status: 'needs_response',
      is_charge_refundable: false,
      created: this.nowSeconds(),
      livemode: false,
    };
    await this.store.putObject('dispute', dispute.id, dispute, this.clock());
    await this.emit('charge.dispute.created', dispute);
    return dispute;
  }

  private async decline(pi: PaymentIntentJson, pm: PaymentMethodJson, decline: CardDecline): Promise<never> {
    pi.status = 'requires_payment_method';
    pi.payment_method = null;
    pi.next_action = null;
    pi.last_payment_error = {
      type: 'card_error',
      code: decline.code,
      ...(decline.declineCode ? { decline_code: decline.declineCode } : {}),
      message: decline.message,
      payment_method: pm,
    };
    await this.savePaymentIntent(pi);
    await this.emit('payment_intent.payment_failed', pi);
    throw this.cardError(decline, pm, pi);
  }

  /** The customer passes or fails 3D Secure (sandbox only: `POST /sbx/3ds/:id/approve|fail`). */
  private async completeAuthentication(id: string, approved: boolean): Promise<PaymentIntentJson> {
    const pi = await this.getPaymentIntent(id);
    if (pi.status !== 'requires_action' || !pi.payment_method) {
      throw invalid(
        `This PaymentIntent has a status of ${pi.status}; it is not waiting for authentication.`,
        {
          code: 'payment_intent_unexpected_state',
        },
      );
    }
    const pm = await this.getObjectOf<StoredPaymentMethod>(
      'payment_method',
      pi.payment_method,
      'PaymentMethod',
    );
    if (approved) return this.succeed(pi, pm);
    pi.status = 'requires_payment_method';
    pi.payment_method = null;
    pi.next_action = null;
    pi.last_payment_error = {
      type: 'invalid_request_error',
      code: AUTHENTICATION_FAILED.code,
      message: AUTHENTICATION_FAILED.message,
      payment_method: pm.json,
    };
    await this.savePaymentIntent(pi);
    await this.emit('payment_intent.payment_failed', pi);
    return pi;
  }

  private async cancelPaymentIntent(id: string, params: Params): Promise<PaymentIntentJson> {
    const pi = await this.getPaymentIntent(id);
    if (
      !['requires_payment_method', 'requires_confirmation', 'requires_action', 'processing'].includes(
        pi.status,
      )
    ) {
      throw invalid(
        `You cannot cancel this PaymentIntent because it has a status of ${pi.status}. Only a PaymentIntent with one of the following statuses may be canceled: requires_payment_method, requires_capture, requires_confirmation, requires_action, processing.`,
        { code: 'payment_intent_unexpected_state' },
      );
    }
    pi.status = 'canceled';
    pi.next_action = null;
    pi.canceled_at = this.nowSeconds();
    pi.cancellation_reason = readString(params, 'cancellation_reason') ?? null;
    await this.savePaymentIntent(pi);
    await this.emit('payment_intent.canceled', pi);
    return pi;
  }

  private async searchPaymentIntents(params: Params) {
    const query = readString(params, 'query') ?? '';
    const match = /^\s*metadata\[['"]order_id['"]\]\s*:\s*['"]([^'"]*)['"]\s*$/.exec(query);
    if (!match) {
      throw invalid(`The sandbox searches PaymentIntents only by metadata['order_id'], not: ${query}`, {
        param: 'query',
      });
    }
    // Newest first, as Stripe's search answers.
    const data = (await this.store.findPaymentIntentsByOrder(match[1]!)).reverse();
    return {
      object: 'search_result',
      data,
      has_more: false,
      next_page: null,
      url: '/v1/payment_intents/search',
    };
  }

  // ---- refunds ----

  private async createRefund(params: Params): Promise<RefundJson> {
    const piId = readString(params, 'payment_intent');
    if (!piId) {
      throw invalid('Missing required param: payment_intent.', {
        code: 'parameter_missing',
        param: 'payment_intent',
      });
    }
    const pi = (await this.store.getPaymentIntent(piId)) as PaymentIntentJson | undefined;
    if (!pi) throw missing('payment_intent', piId, 'payment_intent');
    if (pi.status !== 'succeeded' || !pi.latest_charge) {
      throw invalid(`This PaymentIntent (${piId}) does not have a successful charge to refund.`, {
        code: 'charge_not_refundable',
        param: 'payment_intent',
      });
    }
    const charge = await this.getObjectOf<ChargeJson>('charge', pi.latest_charge, 'charge');
    const remaining = charge.amount - charge.amount_refunded;
    if (remaining <= 0) {
      throw invalid(`Charge ${charge.id} has already been refunded.`, { code: 'charge_already_refunded' });
    }
    const amount = readInteger(params, 'amount') ?? remaining;
    if (amount <= 0)
      throw invalid('Refund amount must be positive.', {
        code: 'parameter_invalid_integer',
        param: 'amount',
      });
    if (amount > remaining) {
      throw invalid(
        `Refund amount (${dollars(amount)}) is greater than unrefunded amount on charge (${dollars(remaining)})`,
        { code: 'amount_too_large', param: 'amount' },
      );
    }
    const refund: RefundJson = {
      id: await this.newId('re'),
      object: 'refund',
      amount,
      charge: charge.id,
      payment_intent: pi.id,
      currency: pi.currency,
      status: (await this.refundBehaviour(pi)) === 'pending_then_succeeded' ? 'pending' : 'succeeded',
      reason: readString(params, 'reason') ?? null,
      metadata: readMetadata(params),
      created: this.nowSeconds(),
    };
    charge.amount_refunded += amount;
    charge.refunded = charge.amount_refunded === charge.amount;
    await this.store.putObject('refund', refund.id, refund, this.clock());
    await this.store.putObject('charge', charge.id, charge, this.clock());
    await this.emit('refund.created', refund);
    await this.emit('charge.refunded', charge);
    return refund;
  }

  /** How the card behind a PaymentIntent treats refunds (Stripe's refund test cards). */
  private async refundBehaviour(pi: PaymentIntentJson): Promise<string | undefined> {
    const charge = pi.latest_charge
      ? await this.getObjectOf<ChargeJson>('charge', pi.latest_charge, 'charge')
      : undefined;
    if (!charge) return undefined;
    const found = await this.store.getObject(charge.payment_method);
    if (found?.kind !== 'payment_method') return undefined;
    const behaviour = findSandboxCard((found.data as StoredPaymentMethod).testCard)?.behaviour;
    return behaviour?.kind === 'succeed' ? behaviour.refund : undefined;
  }

  /**
   * Sandbox only (`POST /sbx/refunds/:id/settle`): the "some time later" of Stripe's refund test
   * cards. A pending refund succeeds (`refund.updated`); a refund of `pm_card_refundFail` fails
   * (`refund.failed`) and its amount is refundable again. Any other refund stays as it is.
   */
  private async settleRefund(id: string): Promise<RefundJson> {
    const refund = await this.getObjectOf<RefundJson>('refund', id, 'refund');
    const pi = (await this.store.getPaymentIntent(refund.payment_intent)) as PaymentIntentJson | undefined;
    const behaviour = pi ? await this.refundBehaviour(pi) : undefined;
    if (refund.status === 'pending') {
      refund.status = 'succeeded';
      await this.store.putObject('refund', refund.id, refund, this.clock());
      await this.emit('refund.updated', refund);
    } else if (refund.status === 'succeeded' && behaviour === 'succeeded_then_failed') {
      refund.status = 'failed';
      refund.failure_reason = 'declined';
      const charge = await this.getObjectOf<ChargeJson>('charge', refund.charge, 'charge');
      charge.amount_refunded -= refund.amount;
      charge.refunded = false;
      await this.store.putObject('refund', refund.id, refund, this.clock());
      await this.store.putObject('charge', charge.id, charge, this.clock());
      await this.emit('refund.updated', refund);
      await this.emit('refund.failed', refund);
    }
    return refund;
  }
}
