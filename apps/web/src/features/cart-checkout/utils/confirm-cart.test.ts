import type { CheckoutPaymentResult } from '@store/contracts';
import { describe, expect, it, vi } from 'vitest';
import { CART_PAYMENT_FAILED, confirmCart } from './confirm-cart.ts';

const identity = {
  firstName: 'Ada',
  lastName: 'L',
  shippingAddress: { street1: '1 Main', street2: null, city: 'Austin', state: 'TX', postalCode: '78701' },
};

const paid = (status = 'succeeded'): CheckoutPaymentResult => ({
  orderId: 'o1',
  orderNumer: '10000042',
  status,
  clientSecret: status === 'requires_action' ? 'pi_1_secret' : null,
  paymentIntentId: 'pi_1',
  total: 12.5,
});

describe('confirmCart', () => {
  it('pays with the saved card without asking the card field', async () => {
    const card = { createPaymentMethod: vi.fn(), handleAction: vi.fn() };
    const createCheckoutPayment = vi.fn().mockResolvedValue(paid());
    const outcome = await confirmCart(
      { cartId: 'c1', identity, savedPaymentMethodId: 'pm_saved' },
      { card, createCheckoutPayment, newKey: () => 'k1' },
    );
    expect(outcome).toEqual({ ok: true, result: paid() });
    expect(card.createPaymentMethod).not.toHaveBeenCalled();
    expect(createCheckoutPayment).toHaveBeenCalledWith({
      cartId: 'c1',
      paymentMethodId: 'pm_saved',
      identity,
      idempotencyKey: 'k1',
    });
  });

  it("a new card's field error stops before any payment call", async () => {
    const createCheckoutPayment = vi.fn();
    const outcome = await confirmCart(
      { cartId: 'c1', identity, savedPaymentMethodId: null },
      {
        card: {
          createPaymentMethod: async () => ({ error: 'Your card number is incomplete.' }),
          handleAction: vi.fn(),
        },
        createCheckoutPayment,
        newKey: () => 'k',
      },
    );
    expect(outcome).toEqual({ ok: false, stage: 'card', message: 'Your card number is incomplete.' });
    expect(createCheckoutPayment).not.toHaveBeenCalled();
  });

  it("a decline answers the server's message so the page can re-enable Confirm order", async () => {
    const outcome = await confirmCart(
      { cartId: 'c1', identity, savedPaymentMethodId: null },
      {
        card: {
          createPaymentMethod: async () => ({ paymentMethodId: 'pm_card_chargeDeclined' }),
          handleAction: vi.fn(),
        },
        createCheckoutPayment: async () => {
          throw new Error('Your card was declined.');
        },
        newKey: () => 'k',
      },
    );
    expect(outcome).toEqual({ ok: false, stage: 'payment', message: 'Your card was declined.' });
  });

  it('lets the bank authenticate, then asks again with a new key and succeeds', async () => {
    const handleAction = vi.fn().mockResolvedValue({ ok: true });
    const createCheckoutPayment = vi
      .fn()
      .mockResolvedValueOnce(paid('requires_action'))
      .mockResolvedValueOnce(paid());
    let n = 0;
    const outcome = await confirmCart(
      { cartId: 'c1', identity, savedPaymentMethodId: null },
      {
        card: { createPaymentMethod: async () => ({ paymentMethodId: 'pm_x' }), handleAction },
        createCheckoutPayment,
        newKey: () => `k${++n}`,
      },
    );
    expect(outcome.ok).toBe(true);
    expect(handleAction).toHaveBeenCalledWith('pi_1_secret');
    expect(createCheckoutPayment.mock.calls.map((c) => c[0].idempotencyKey)).toEqual(['k1', 'k2']);
  });

  it('an unexpected status is a failure, never a success', async () => {
    const outcome = await confirmCart(
      { cartId: 'c1', identity, savedPaymentMethodId: 'pm_saved' },
      { card: null, createCheckoutPayment: async () => paid('processing'), newKey: () => 'k' },
    );
    expect(outcome).toEqual({ ok: false, stage: 'payment', message: CART_PAYMENT_FAILED });
  });
});
