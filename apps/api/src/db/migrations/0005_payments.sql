-- Payments (docs/api-conventions.md#ports, docs/payments.md#provider-port): the provider's customer and saved cards per identity,
-- one row per attempt to pay an order, inbound Idempotency-Key replays, provider webhook events,
-- and the offline sandbox provider's own state (so a restart or a crash loses no PaymentIntent).

-- The provider's Customer for an identity; one per provider, so switching providers starts afresh.
CREATE TABLE customers (
  identity_id uuid NOT NULL REFERENCES identities (id) ON DELETE CASCADE,
  provider text NOT NULL CHECK (provider IN ('sandbox', 'stripe')),
  provider_customer_id text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (identity_id, provider)
);
CREATE UNIQUE INDEX customers_provider_customer_key ON customers (provider, provider_customer_id);

-- Saved cards: only what the provider tells us (never a card number); at most one default each.
CREATE TABLE payment_methods (
  id uuid PRIMARY KEY,
  identity_id uuid NOT NULL REFERENCES identities (id) ON DELETE CASCADE,
  provider text NOT NULL CHECK (provider IN ('sandbox', 'stripe')),
  provider_payment_method_id text NOT NULL,
  brand text NOT NULL,
  last4 text NOT NULL CHECK (last4 ~ '^[0-9]{4}$'),
  exp_month integer NOT NULL CHECK (exp_month BETWEEN 1 AND 12),
  exp_year integer NOT NULL CHECK (exp_year BETWEEN 2000 AND 2100),
  is_default boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX payment_methods_provider_pm_key ON payment_methods (provider, provider_payment_method_id);
CREATE UNIQUE INDEX payment_methods_one_default_uidx ON payment_methods (identity_id) WHERE is_default;

-- One row per attempt to pay an order. The key we send the provider is `order:{orderId}:{n}`
-- (docs/api-conventions.md#how-the-server-is-built); at most one live attempt per order (docs/reliability.md#c3), so two tabs never charge twice.
CREATE TABLE payment_attempts (
  id uuid PRIMARY KEY,
  order_id uuid NOT NULL REFERENCES orders (id),
  identity_id uuid NOT NULL REFERENCES identities (id),
  attempt_number integer NOT NULL CHECK (attempt_number >= 1),
  idempotency_key text NOT NULL,
  provider text NOT NULL CHECK (provider IN ('sandbox', 'stripe')),
  provider_payment_intent_id text,
  provider_payment_method_id text,
  amount_cents integer NOT NULL CHECK (amount_cents >= 50),
  currency text NOT NULL DEFAULT 'usd' CHECK (currency = 'usd'),
  status text NOT NULL CHECK (status IN ('pending', 'requires_action', 'succeeded', 'failed', 'canceled', 'refunded')),
  error_code text,
  decline_code text,
  error_message text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX payment_attempts_idempotency_key ON payment_attempts (idempotency_key);
CREATE UNIQUE INDEX payment_attempts_provider_pi_key ON payment_attempts (provider, provider_payment_intent_id)
  WHERE provider_payment_intent_id IS NOT NULL;
CREATE UNIQUE INDEX payment_attempts_order_attempt_key ON payment_attempts (order_id, attempt_number);
CREATE UNIQUE INDEX payment_attempts_one_live_per_order ON payment_attempts (order_id)
  WHERE status IN ('pending', 'requires_action', 'succeeded');
CREATE INDEX payment_attempts_identity_idx ON payment_attempts (identity_id, created_at DESC);

-- The web app's Idempotency-Key per payment request (docs/payments.md#cart-checkout-payment, after Medusa v1 and
-- Stripe): replay on the same key, 422 on another payload, 409 while the first is in progress.
CREATE TABLE idempotency_keys (
  id uuid PRIMARY KEY,
  identity_id uuid NOT NULL REFERENCES identities (id) ON DELETE CASCADE,
  idempotency_key text NOT NULL CHECK (length(idempotency_key) BETWEEN 1 AND 255),
  route text NOT NULL,
  request_hash text NOT NULL,
  locked_at timestamptz,
  recovery_point text NOT NULL DEFAULT 'started',
  response_code integer,
  response_body jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
CREATE UNIQUE INDEX idempotency_keys_identity_key ON idempotency_keys (identity_id, idempotency_key);
CREATE INDEX idempotency_keys_expires_idx ON idempotency_keys (expires_at);

-- Every provider event we accepted, once: the primary key makes a redelivery a no-op (C9).
CREATE TABLE webhook_events (
  event_id text PRIMARY KEY,
  provider text NOT NULL CHECK (provider IN ('sandbox', 'stripe')),
  type text NOT NULL,
  object_id text,
  payload jsonb NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now(),
  processed_at timestamptz
);
CREATE INDEX webhook_events_unprocessed_idx ON webhook_events (received_at) WHERE processed_at IS NULL;

-- The sandbox provider's state, shaped like Stripe's objects (docs/payments.md#sandbox). PaymentIntents
-- get their own table so a reconciliation can find one by its order or its idempotency key.
CREATE SEQUENCE sandbox_id_seq;

CREATE TABLE sandbox_payment_intents (
  id text PRIMARY KEY,
  order_id text,
  customer_id text,
  idempotency_key text,
  status text NOT NULL,
  data jsonb NOT NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX sandbox_payment_intents_order_idx ON sandbox_payment_intents (order_id, created_at)
  WHERE order_id IS NOT NULL;
CREATE INDEX sandbox_payment_intents_key_idx ON sandbox_payment_intents (idempotency_key)
  WHERE idempotency_key IS NOT NULL;

-- Customers, payment methods, charges, refunds and events of the sandbox.
CREATE TABLE sandbox_objects (
  id text PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('customer', 'payment_method', 'charge', 'refund', 'event')),
  data jsonb NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX sandbox_objects_kind_idx ON sandbox_objects (kind, created_at);

-- Stripe's idempotency semantics for the sandbox: a key remembers its request and its answer 24 h.
CREATE TABLE sandbox_idempotency_keys (
  idempotency_key text PRIMARY KEY,
  request_hash text NOT NULL,
  status_code integer,
  response jsonb,
  created_at timestamptz NOT NULL
);
