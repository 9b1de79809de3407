import { type PaymentProvider, PaymentProviderError } from './payment-provider.ts';

/*
 * A circuit breaker around the payment provider (docs/payments.md#provider-port, docs/reliability.md#e2).
 * stripe-node already retries one call up to 3 times; when the provider keeps failing, every
 * checkout would still wait for those tries. After `failures` calls in a row failed for the
 * provider's sake (unreachable, timed out, 5xx, 429), the breaker opens: calls fail at once with an
 * `unavailable` error that says when to try again, without reaching the provider. After `coolDownMs`
 * one trial call goes through (half-open): its success closes the breaker, its failure opens it for
 * another cool-down. An answer the provider did give (a decline, a bad request) counts as the
 * provider being up. The state is per process: each process learns the outage by itself.
 */

export interface CircuitBreakerOptions {
  /** Consecutive failed calls that open the breaker. */
  failures?: number;
  /** How long it stays open before one trial call. */
  coolDownMs?: number;
  clock: () => Date;
  onChange?: (state: BreakerState, detail: { consecutiveFailures: number }) => void;
}

export type BreakerState = 'closed' | 'open' | 'half_open';

export const BREAKER_FAILURES = 5;
export const BREAKER_COOL_DOWN_MS = 30_000;

/** The error of a call refused while the breaker is open: `unavailable`, with the seconds to wait. */
export class ProviderCircuitOpenError extends PaymentProviderError {
  readonly retryAfterSeconds: number;
  constructor(retryAfterSeconds: number) {
    super('unavailable', 'The payment provider is failing; calls are paused for a moment.', {
      code: 'circuit_open',
    });
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** A failure that says the provider is down or overloaded, as opposed to an answer about the request. */
function isProviderFailure(error: unknown): boolean {
  if (error instanceof PaymentProviderError) return error.kind === 'unavailable';
  // Anything else thrown by an adapter (a socket error, a timeout outside stripe-node's types).
  return true;
}

/** Methods that call the provider over the network; `verifyWebhook` and `name` are local. */
const REMOTE_METHODS = [
  'ensureCustomer',
  'attachPaymentMethod',
  'retrievePaymentMethod',
  'setDefaultPaymentMethod',
  'createPaymentIntent',
  'confirmPaymentIntent',
  'retrievePaymentIntent',
  'findPaymentIntentsByOrder',
  'cancelPaymentIntent',
  'refund',
  'listEvents',
  'calculateTax',
] as const satisfies readonly (keyof PaymentProvider)[];

export interface GuardedProvider extends PaymentProvider {
  breaker: { state(): BreakerState; consecutiveFailures(): number };
}

export function withCircuitBreaker(inner: PaymentProvider, options: CircuitBreakerOptions): GuardedProvider {
  const threshold = options.failures ?? BREAKER_FAILURES;
  const coolDownMs = options.coolDownMs ?? BREAKER_COOL_DOWN_MS;
  const { clock } = options;
  let state: BreakerState = 'closed';
  let consecutive = 0;
  let openedAt = 0;
  /** In half-open state, only one call at a time is the trial; the others are refused. */
  let trialRunning = false;

  function moveTo(next: BreakerState) {
    if (next === state) return;
    state = next;
    options.onChange?.(next, { consecutiveFailures: consecutive });
  }

  /** Whether this call may go to the provider now; throws when the breaker refuses it. */
  function admit(): 'normal' | 'trial' {
    if (state === 'closed') return 'normal';
    const waited = clock().getTime() - openedAt;
    if (state === 'open' && waited >= coolDownMs) moveTo('half_open');
    if (state === 'half_open' && !trialRunning) {
      trialRunning = true;
      return 'trial';
    }
    const left = Math.max(1, Math.ceil((coolDownMs - waited) / 1000));
    throw new ProviderCircuitOpenError(left);
  }

  function succeeded() {
    consecutive = 0;
    moveTo('closed');
  }

  function failed() {
    consecutive++;
    if (state === 'half_open' || consecutive >= threshold) {
      openedAt = clock().getTime();
      moveTo('open');
    }
  }

  async function guard<T>(work: () => Promise<T>): Promise<T> {
    const mode = admit();
    try {
      const result = await work();
      succeeded();
      return result;
    } catch (error) {
      if (isProviderFailure(error)) failed();
      else succeeded();
      throw error;
    } finally {
      if (mode === 'trial') trialRunning = false;
    }
  }

  const guarded = Object.create(inner) as GuardedProvider;
  for (const method of REMOTE_METHODS) {
    const original = inner[method] as ((...args: unknown[]) => Promise<unknown>) | undefined;
    if (!original) continue;
    Object.defineProperty(guarded, method, {
      value: (...args: unknown[]) => guard(() => original.apply(inner, args)),
    });
  }
  guarded.breaker = { state: () => state, consecutiveFailures: () => consecutive };
  return guarded;
}
