-- Checkout and the start of a membership (docs/product.md#quiz-and-first-box): what an order needs to be paid and shown,
-- memberships with their billing cycles (docs/product.md#membership-cycle), and an outbox so a paid order's mail
-- is sent once even when the process stops between the payment and the mail.

-- Pre-orders of a tub plan are orders too; they have no sample items, only a plan.
ALTER TABLE orders ADD COLUMN plan text CHECK (plan IN ('flex', 'max'));
-- The names and U.S. address typed at checkout: {firstName, lastName, street1, street2, city, state, postalCode}.
ALTER TABLE orders ADD COLUMN shipping jsonb;
-- 0, 1, 2 = every 30, 45, 60 days (docs/api-conventions.md#wire-shapes).
ALTER TABLE orders ADD COLUMN delivery_schedule smallint CHECK (delivery_schedule BETWEEN 0 AND 2);
ALTER TABLE orders ADD COLUMN credit_cents integer NOT NULL DEFAULT 0 CHECK (credit_cents >= 0);
ALTER TABLE orders ADD COLUMN paid_at timestamptz;
ALTER TABLE orders ADD COLUMN payment_method_last4 text CHECK (payment_method_last4 ~ '^[0-9]{4}$');
ALTER TABLE orders ADD CONSTRAINT orders_status_check CHECK (
  status IN ('draft', 'awaiting_payment', 'paid', 'processing', 'shipped', 'delivered', 'completed',
             'canceled', 'refund_pending', 'refunded'));
ALTER TABLE orders ADD CONSTRAINT orders_pre_order_plan_check CHECK ((kind = 'pre_order') = (plan IS NOT NULL));
-- One unpaid pre-order per person and plan: pressing Pre-order twice finds the same order.
CREATE UNIQUE INDEX orders_open_pre_order_uidx ON orders (identity_id, plan)
  WHERE kind = 'pre_order' AND status IN ('draft', 'awaiting_payment');
CREATE INDEX orders_identity_kind_idx ON orders (identity_id, kind, created_at DESC);

-- A membership of the Discover plan. One per first-box order (a second payment of the same
-- order can never make a second one), and at most one live per person.
CREATE TABLE subscriptions (
  id uuid PRIMARY KEY,
  identity_id uuid NOT NULL REFERENCES identities (id) ON DELETE CASCADE,
  status text NOT NULL CHECK (status IN ('active', 'past_due', 'canceled')),
  schedule_index smallint NOT NULL CHECK (schedule_index BETWEEN 0 AND 2),
  schedule_days integer NOT NULL CHECK (schedule_days IN (30, 45, 60)),
  price_cents integer NOT NULL CHECK (price_cents >= 0),
  handling_fee_cents integer NOT NULL CHECK (handling_fee_cents >= 0),
  first_order_id uuid NOT NULL REFERENCES orders (id),
  default_payment_method_id uuid REFERENCES payment_methods (id),
  current_cycle_index integer NOT NULL DEFAULT 0 CHECK (current_cycle_index >= 0),
  current_order_id uuid REFERENCES orders (id),
  cycle_started_at timestamptz NOT NULL,
  next_billing_at timestamptz NOT NULL,
  canceled_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX subscriptions_first_order_key ON subscriptions (first_order_id);
CREATE UNIQUE INDEX subscriptions_one_live_per_identity ON subscriptions (identity_id)
  WHERE status IN ('active', 'past_due');
CREATE INDEX subscriptions_next_billing_idx ON subscriptions (next_billing_at) WHERE status IN ('active', 'past_due');

-- Each cycle is billed once (docs/reliability.md#d3); cycle 0 is the first box, paid at checkout.
CREATE TABLE billing_cycles (
  id uuid PRIMARY KEY,
  subscription_id uuid NOT NULL REFERENCES subscriptions (id) ON DELETE CASCADE,
  cycle_index integer NOT NULL CHECK (cycle_index >= 0),
  status text NOT NULL CHECK (status IN ('unbilled', 'billed', 'awaiting_customer', 'past_due', 'skipped')),
  order_id uuid REFERENCES orders (id),
  starts_at timestamptz NOT NULL,
  build_deadline_at timestamptz NOT NULL,
  billed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX billing_cycles_subscription_cycle_key ON billing_cycles (subscription_id, cycle_index);

-- Work that must happen once after a commit (mails, refunds), written in the same transaction
-- as the change that causes it; a sender leases a row, does the work, then marks it done.
CREATE TABLE outbox (
  id uuid PRIMARY KEY,
  dedupe_key text NOT NULL,
  kind text NOT NULL,
  payload jsonb NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  last_error text,
  locked_until timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  done_at timestamptz
);
CREATE UNIQUE INDEX outbox_dedupe_key ON outbox (dedupe_key);
CREATE INDEX outbox_pending_idx ON outbox (created_at) WHERE done_at IS NULL;
