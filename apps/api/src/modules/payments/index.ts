// The payments module's face (ARCHITECTURE.md#the-rules-the-lint-checks): the provider port and
// its two engines, the provider's webhooks and the reconciliation of their events.
export { ProviderCircuitOpenError } from './provider/circuit-breaker.ts';
export { createPaymentProvider } from './provider/create-provider.ts';
export {
  classifyDecline,
  type PaymentProvider,
  PaymentProviderError,
  type ProviderEvent,
  type ProviderPaymentError,
  type ProviderPaymentIntent,
} from './provider/payment-provider.ts';
export {
  createEventReconciliation,
  EVENT_RECONCILIATION_INTERVAL_MS,
  type EventReconciliation,
} from './webhooks/event-reconciliation.ts';
export {
  createProviderEventHook,
  createWebhookIntake,
  type ProviderEventHook,
  type WebhookEffect,
  type WebhookIntake,
} from './webhooks/webhook-intake.ts';
export { type WebhooksRoutesOptions, webhooksRoutes } from './webhooks/webhooks.routes.ts';
