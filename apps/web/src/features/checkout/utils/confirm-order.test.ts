import type { PaymentIntentResult } from '@store/contracts';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client.ts';
import { type ConfirmOrderDeps, confirmOrder, PAYMENT_NOT_COMPLETED } from './confirm-order.ts';

const identity = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  shippingAddress: { street1: '1 Main St', street2: null, city: 'Austin', state: 'TX', postalCode: '78701' },
};
const tokens = { token: 'access', refresh_token: 'refresh' };

function deps(overrides: Partial<ConfirmOrderDeps> = {}) {
  const calls: string[] = [];
  let key = 0;
  const base: ConfirmOrderDeps = {
    card: {
      async createPaymentMethod() {
        calls.push('card');
        return { paymentMethodId: 'pm_card_visa' };
      },
      async handleAction() {
        calls.push('action');
        return { ok: true };
      },
    },
    async createPaymentIntent(input) {
      calls.push(`intent:${input.paymentMethodId}:${input.deliverySchedule}:${input.idempotencyKey}`);
      return { clientSecret: 'pi_1_secret', paymentIntentId: 'pi_1', status: 'succeeded' };
    },
    async subscribe(input) {
      calls.push(`subscribe:${input.paymentIntent}:${input.deliverySchedule}:${input.idempotencyKey}`);
      return tokens;
    },
    newKey: () => `key-${++key}`,
    ...overrides,
  };
  return { deps: base, calls };
}

const input = { orderId: 'order-1', deliverySchedule: 2, identity };

describe('confirmOrder', () => {
  it('makes the card, charges, records the payment and answers the new session', async () => {
    const { deps: d, calls } = deps();
    await expect(confirmOrder(input, d)).resolves.toEqual({ ok: true, tokens });
    expect(calls).toEqual(['card', 'intent:pm_card_visa:2:key-1', 'subscribe:pi_1:2:key-2']);
  });

  it('stops at the card field when the card is incomplete, before any call', async () => {
    const { deps: d, calls } = deps({
      card: {
        createPaymentMethod: async () => ({ error: 'Your card number is incomplete.' }),
        handleAction: async () => ({ ok: true }),
      },
    });
    await expect(confirmOrder(input, d)).resolves.toEqual({
      ok: false,
      stage: 'card',
      message: 'Your card number is incomplete.',
    });
    expect(calls).toEqual([]);
  });

  it("answers a decline with the server's message and records nothing", async () => {
    const { deps: d, calls } = deps({
      createPaymentIntent: async () => {
        throw new Error('Your card was declined.');
      },
    });
    await expect(confirmOrder(input, d)).resolves.toEqual({
      ok: false,
      stage: 'payment',
      message: 'Your card was declined.',
    });
    expect(calls.some((c) => c.startsWith('subscribe'))).toBe(false);
  });

  it('marks a decline the bank made, so the card field can say what to do (docs/payments.md#a-declined-card)', async () => {
    const { deps: d } = deps({
      createPaymentIntent: async () => {
        throw new ApiError(
          400,
          { code: 'payment_declined', error_description: 'Your card was declined.' },
          'x',
        );
      },
    });
    await expect(confirmOrder(input, d)).resolves.toEqual({
      ok: false,
      stage: 'payment',
      message: 'Your card was declined.',
      isDeclined: true,
    });
    // Any other refusal is not the card's fault.
    const busy = deps({
      createPaymentIntent: async () => {
        throw new ApiError(409, { code: 'conflict', error_description: 'A payment is in progress.' }, 'x');
      },
    });
    await expect(confirmOrder(input, busy.deps)).resolves.not.toHaveProperty('isDeclined');
  });

  it('lets the bank authenticate, then records the payment', async () => {
    const { deps: d, calls } = deps({
      createPaymentIntent: async (): Promise<PaymentIntentResult> => ({
        clientSecret: 'pi_2_secret',
        paymentIntentId: 'pi_2',
        status: 'requires_action',
      }),
    });
    await expect(confirmOrder(input, d)).resolves.toMatchObject({ ok: true });
    expect(calls).toEqual(['card', 'action', 'subscribe:pi_2:2:key-2']);
  });

  it('stops when authentication fails or the payment is in another state', async () => {
    const failing = deps({
      createPaymentIntent: async () => ({
        clientSecret: 's',
        paymentIntentId: 'pi_3',
        status: 'requires_action',
      }),
      card: {
        createPaymentMethod: async () => ({ paymentMethodId: 'pm_card_authenticationRequired' }),
        handleAction: async () => ({ error: 'Authentication failed.' }),
      },
    });
    await expect(confirmOrder(input, failing.deps)).resolves.toEqual({
      ok: false,
      stage: 'authentication',
      message: 'Authentication failed.',
    });
    const processing = deps({
      createPaymentIntent: async () => ({ clientSecret: 's', paymentIntentId: 'pi_4', status: 'processing' }),
    });
    await expect(confirmOrder(input, processing.deps)).resolves.toEqual({
      ok: false,
      stage: 'payment',
      message: PAYMENT_NOT_COMPLETED,
    });
  });

  it('reports a failed Subscribe so the person can try again', async () => {
    const { deps: d } = deps({
      subscribe: async () => {
        throw new Error("It's not you, it's us. Something went wrong, please try again!");
      },
    });
    await expect(confirmOrder(input, d)).resolves.toMatchObject({ ok: false, stage: 'subscribe' });
  });
});
