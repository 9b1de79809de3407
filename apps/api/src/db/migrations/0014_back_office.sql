-- The back office's members, refunds, disputes and moderation (docs/product.md#back-office).

-- An operator's refund of an order (docs/reliability.md#c12). The provider key is refund:{order}:{seq};
-- `request_id` is the operator's click, so sending the same request twice finds this row again
-- and never asks the provider for a second refund.
CREATE TABLE refunds (
  id uuid PRIMARY KEY,
  order_id uuid NOT NULL REFERENCES orders (id),
  identity_id uuid NOT NULL REFERENCES identities (id) ON DELETE CASCADE,
  seq integer NOT NULL CHECK (seq >= 1),
  request_id uuid NOT NULL,
  idempotency_key text NOT NULL,
  provider text NOT NULL CHECK (provider IN ('sandbox', 'stripe')),
  provider_payment_intent_id text NOT NULL,
  provider_refund_id text,
  amount_cents integer NOT NULL CHECK (amount_cents > 0),
  -- requested: written before the provider call; pending/succeeded/failed: the provider's answer.
  status text NOT NULL CHECK (status IN ('requested', 'pending', 'succeeded', 'failed')),
  failure_reason text,
  -- The order's status before its refund, restored when the refund fails.
  order_status_before text NOT NULL,
  reason text NOT NULL DEFAULT '',
  actor_identity_id uuid NOT NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE UNIQUE INDEX refunds_idempotency_key ON refunds (idempotency_key);
CREATE UNIQUE INDEX refunds_order_seq_key ON refunds (order_id, seq);
CREATE UNIQUE INDEX refunds_order_request_key ON refunds (order_id, request_id);
CREATE UNIQUE INDEX refunds_provider_refund_key ON refunds (provider_refund_id) WHERE provider_refund_id IS NOT NULL;
CREATE INDEX refunds_identity_idx ON refunds (identity_id, created_at DESC);

-- A card dispute (chargeback) the provider reported (charge.dispute.created): the operator sees
-- it on the member and the membership is flagged.
CREATE TABLE payment_disputes (
  id uuid PRIMARY KEY,
  provider_dispute_id text NOT NULL UNIQUE,
  provider_payment_intent_id text,
  order_id uuid REFERENCES orders (id),
  identity_id uuid REFERENCES identities (id) ON DELETE CASCADE,
  subscription_id uuid REFERENCES subscriptions (id) ON DELETE SET NULL,
  amount_cents integer NOT NULL CHECK (amount_cents >= 0),
  reason text NOT NULL DEFAULT '',
  status text NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX payment_disputes_identity_idx ON payment_disputes (identity_id, created_at DESC);
ALTER TABLE subscriptions ADD COLUMN disputed_at timestamptz;

-- Moderation: a hidden review is left out of every listing and of matching.
ALTER TABLE product_reviews ADD COLUMN hidden_at timestamptz;
CREATE INDEX product_reviews_created_idx ON product_reviews (created_at DESC);

-- Issue reports from the membership page are handled like the other inboxes.
ALTER TABLE issue_reports ADD COLUMN handled_at timestamptz;
CREATE INDEX issue_reports_created_idx ON issue_reports (created_at DESC);

-- The sandbox keeps the disputes it raises for pm_card_createDispute.
ALTER TABLE sandbox_objects DROP CONSTRAINT sandbox_objects_kind_check;
ALTER TABLE sandbox_objects ADD CONSTRAINT sandbox_objects_kind_check
  CHECK (kind IN ('customer', 'payment_method', 'charge', 'refund', 'dispute', 'event'));
