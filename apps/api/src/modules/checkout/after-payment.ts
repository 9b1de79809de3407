import { cartRefundedMail } from '../mail/index.ts';
import * as repo from './checkout.repository.ts';
import type { CheckoutDeps, IntentFacts } from './context.ts';
import { orderConfirmationMail, orderRefundedMail } from './order.mail.tsx';
import { flushOutbox, type OutboxJob } from './outbox.ts';
import type { createReconciler } from './reconcile.ts';

/**
 * What follows a recorded payment, outside its transaction: the outbox's jobs (the confirmation
 * mail, refunds, events waiting for their order), the card as the provider's default, and the
 * profile's names and address.
 */
export function createAfterPayment(deps: CheckoutDeps, reconciler: ReturnType<typeof createReconciler>) {
  const { db, clock, config, payments, orders, accounts, mailer, log } = deps;

  async function runJob(job: OutboxJob): Promise<void> {
    const order = await orders.getOrder(job.payload.orderId);
    if (job.kind === 'settle') {
      // Failing keeps the job for a later flush (never acked and dropped, docs/reliability.md#c10).
      if (!order) throw new Error(`order ${job.payload.orderId} of a provider event is not known (yet)`);
      await reconciler.reconcileOrder(order.id);
      return;
    }
    if (!order) return;
    if (job.kind === 'order-confirmation') {
      if (order.kind === 'cart') {
        const receipt = await deps.cartOrders?.receiptMail(order.id);
        if (receipt) await mailer.send(receipt);
        return;
      }
      await mailer.send(await orderConfirmationMail(await orders.view(order), config.publicUrl));
      return;
    }
    const paymentIntentId = job.payload.paymentIntentId!;
    await payments.refund({ paymentIntentId, idempotencyKey: `refund:${paymentIntentId}` });
    await repo.markAttemptRefunded(db, payments.name, paymentIntentId, clock());
    await orders.markRefunded(order.id);
    if (order.kind === 'cart' && job.payload.reason === 'sold_out') {
      const soldOut = await deps.cartOrders?.soldOutRefundMail(order.id, order.totalCents);
      if (soldOut) await mailer.send(soldOut);
      return;
    }
    const view = await orders.view(order);
    await mailer.send(
      await (order.kind === 'cart'
        ? cartRefundedMail({
            to: view.identity.emailAddress,
            orderNumber: order.orderNumber,
            amountCents: order.totalCents,
            orderUrl: `${config.publicUrl}/thank-you/${order.id}`,
          })
        : orderRefundedMail(view, config.publicUrl)),
    );
  }

  const flush = () => flushOutbox({ db, clock, log }, runJob);

  /** After a payment was recorded: the mail, the card as the provider's default, the profile's address. */
  async function afterPayment(identityId: string, orderId: string, pi: IntentFacts): Promise<void> {
    await flush().catch((error: unknown) => log.error({ err: error }, 'sending queued mail failed'));
    const customer = await repo.findCustomer(db, identityId, payments.name);
    if (customer && pi.paymentMethodId) {
      await payments
        .setDefaultPaymentMethod({
          customerId: customer.providerCustomerId,
          paymentMethodId: pi.paymentMethodId,
          idempotencyKey: `default:${customer.providerCustomerId}:${pi.paymentMethodId}`,
        })
        .catch((error: unknown) => log.warn({ err: error, orderId }, 'setting the default card failed'));
    }
    const [identity, order] = await Promise.all([accounts.getIdentity(identityId), orders.getOrder(orderId)]);
    const shipping = order?.shipping;
    if (!identity || !shipping) return;
    // The profile keeps what the member typed at their first checkout; it never overwrites their edits.
    await accounts
      .saveIdentity(identityId, {
        ...(identity.firstName ? {} : { firstName: shipping.firstName }),
        ...(identity.lastName ? {} : { lastName: shipping.lastName }),
        ...(identity.shippingAddress?.street1
          ? {}
          : {
              shippingAddress: {
                street1: shipping.street1,
                street2: shipping.street2,
                city: shipping.city,
                state: shipping.state,
                postalCode: shipping.postalCode,
              },
            }),
      })
      .catch((error: unknown) =>
        log.warn({ err: error }, 'saving the checkout address on the profile failed'),
      );
  }

  let flushTimer: NodeJS.Timeout | undefined;
  /** A webhook's mail goes out once its transaction has committed. */
  function flushSoon() {
    if (flushTimer) return;
    flushTimer = setTimeout(() => {
      flushTimer = undefined;
      void flush().catch((error: unknown) => log.error({ err: error }, 'sending queued mail failed'));
    }, 50);
    flushTimer.unref();
  }

  return { flush, flushSoon, afterPayment };
}
