import type { Identity, SaveIdentity, TokenPair } from '@store/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config/env.ts';
import type { Db, Tx } from '../../db/database.ts';
import { createHook, type Hook } from '../../hooks.ts';
import type { Mail, Mailer } from '../mail/index.ts';
import type { OrdersService } from '../orders/index.ts';
import type { PaymentProvider } from '../payments/index.ts';
import type { SubscriptionsService } from '../subscriptions/index.ts';

/** What the checkout needs of the accounts module. */
export interface CheckoutAccounts {
  getIdentity(identityId: string): Promise<Identity | undefined>;
  issueTokens(identityId: string): Promise<TokenPair>;
  saveIdentity(identityId: string, input: SaveIdentity): Promise<unknown>;
}

/**
 * What the checkout's one "charged → paid" transition does for an order of kind 'cart'
 * (docs/reliability.md#c7): it runs inside that transaction, under the order's row lock, so whichever of
 * the request, the webhook or reconciliation records the payment, it happens once.
 */
export interface CartOrderHooks {
  /**
   * Inside the paying transaction: holds consumed, coupon redeemed, cart 'ordered'. `sold_out`
   * when the hold had expired and the shelf is empty now: nothing is changed, the caller refunds.
   */
  onPaid(tx: Tx, orderId: string): Promise<'kept' | 'sold_out'>;
  /** The receipt of a paid cart order (the outbox sends it once). */
  receiptMail(orderId: string): Promise<Mail | undefined>;
  /** The mail of a payment refunded because the order's tubs sold out (the outbox sends it once). */
  soldOutRefundMail(orderId: string, amountCents: number): Promise<Mail | undefined>;
}

export interface CheckoutDeps {
  db: Db;
  clock: () => Date;
  config: Pick<Config, 'publicUrl' | 'paymentsProvider' | 'stripe'>;
  payments: PaymentProvider;
  orders: OrdersService;
  subscriptions: SubscriptionsService;
  accounts: CheckoutAccounts;
  mailer: Mailer;
  /** What paying an order of kind 'cart' also does (the shop's cart checkout); absent in older tests. */
  cartOrders?: CartOrderHooks;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
}

/** The checkout's named effects on other modules; the composition root adds their listeners. */
export interface CheckoutHooks {
  /** In the transaction that records a first box as paid (the referral reward, docs/product.md#referrals). */
  firstBoxPaid: Hook<[tx: Tx, identityId: string]>;
}

export function createCheckoutHooks(): CheckoutHooks {
  return { firstBoxPaid: createHook('first box paid') };
}

/** A PaymentIntent as the checkout reads it, from the provider's answer or a webhook's object. */
export interface IntentFacts {
  id: string;
  status: string;
  amountCents: number;
  paymentMethodId?: string;
  metadata: Record<string, string>;
}

/** An attempt is "stuck" once untouched this long: its request died, and reconciliation may settle it. */
export const STALE_ATTEMPT_MS = 2 * 60 * 1000;

/** Stripe expires an unconfirmed PaymentIntent of a sign-up after 23 hours (docs/payments.md#sign-up-payment). */
export const ABANDONED_INTENT_MS = 23 * 60 * 60 * 1000;

/**
 * A shop order's 3D Secure left unfinished this long is canceled, so its held tubs go back on the
 * shelf and the cart can be used again (docs/payments.md#cart-checkout-payment).
 */
export const ABANDONED_CART_INTENT_MS = 60 * 60 * 1000;
