import type { Identity, SaveIdentity, TokenPair } from '@store/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config/env.ts';
import type { Db } from '../../db/database.ts';
import type { CartOrderHooks } from '../cart-checkout/cart-order-hooks.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { OrdersService } from '../orders/orders.service.ts';
import type { PaymentProvider } from '../payments/provider/payment-provider.ts';
import type { SubscriptionsService } from '../subscriptions/subscriptions.service.ts';

/** What the checkout needs of the accounts module. */
export interface CheckoutAccounts {
  getIdentity(identityId: string): Promise<Identity | undefined>;
  issueTokens(identityId: string): Promise<TokenPair>;
  saveIdentity(identityId: string, input: SaveIdentity): Promise<unknown>;
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
  /** In the transaction that records a first box as paid (the referral reward, docs/product.md#referrals). */
  onFirstBoxPaid?: (tx: Db, identityId: string) => Promise<void>;
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
