-- The membership cycle (docs/product.md#membership-cycle, docs/product.md#failed-renewals): renewals, failed-renewal retries, skip and pause,
-- cancel reasons, shipping dates of a cycle's box, the member's actions and cycle mails.

ALTER TABLE subscriptions ADD COLUMN cancel_reason smallint CHECK (cancel_reason BETWEEN 0 AND 3);
-- Cycles still to skip: 1 after "skip the next box", 1-3 after a pause; each renewal date uses one.
ALTER TABLE subscriptions ADD COLUMN skip_cycles integer NOT NULL DEFAULT 0 CHECK (skip_cycles BETWEEN 0 AND 3);
ALTER TABLE subscriptions ADD COLUMN paused boolean NOT NULL DEFAULT false;
-- A failed renewal: how many charges failed, when the next try is due, and the card a hard
-- decline refused (no retry until the member's default card is another one).
ALTER TABLE subscriptions ADD COLUMN renewal_failures integer NOT NULL DEFAULT 0 CHECK (renewal_failures >= 0);
ALTER TABLE subscriptions ADD COLUMN next_retry_at timestamptz;
ALTER TABLE subscriptions ADD COLUMN declined_payment_method_id uuid;

ALTER TABLE billing_cycles ADD COLUMN shipped_at timestamptz;
ALTER TABLE billing_cycles ADD COLUMN delivered_at timestamptz;
ALTER TABLE billing_cycles ADD COLUMN samples_auto_chosen_at timestamptz;

-- One row per charge attempt of a renewal; the provider key is renew:{subscription}:{cycle}:{attempt}.
CREATE TABLE renewal_charges (
  id uuid PRIMARY KEY,
  subscription_id uuid NOT NULL REFERENCES subscriptions (id) ON DELETE CASCADE,
  cycle_index integer NOT NULL,
  attempt integer NOT NULL CHECK (attempt >= 1),
  idempotency_key text NOT NULL UNIQUE,
  status text NOT NULL CHECK (status IN ('pending', 'succeeded', 'failed')),
  amount_cents integer NOT NULL CHECK (amount_cents >= 0),
  provider_payment_intent_id text,
  decline_code text,
  claimed_at timestamptz NOT NULL,
  finished_at timestamptz
);
CREATE UNIQUE INDEX renewal_charges_attempt_key ON renewal_charges (subscription_id, cycle_index, attempt);
-- Exactly one successful charge per (subscription, cycle) (docs/reliability.md#d3).
CREATE UNIQUE INDEX renewal_charges_one_success ON renewal_charges (subscription_id, cycle_index)
  WHERE status = 'succeeded';

-- Every change a member or the sweeper makes to a membership (audit).
CREATE TABLE subscription_events (
  id uuid PRIMARY KEY,
  subscription_id uuid NOT NULL REFERENCES subscriptions (id) ON DELETE CASCADE,
  actor text NOT NULL CHECK (actor IN ('member', 'sweeper', 'operator')),
  kind text NOT NULL,
  detail jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL
);
CREATE INDEX subscription_events_subscription_idx ON subscription_events (subscription_id, created_at);

-- Cycle mails, written with the change that causes them and sent once (dedupe_key).
CREATE TABLE cycle_mails (
  dedupe_key text PRIMARY KEY,
  kind text NOT NULL,
  to_address text NOT NULL,
  subject text NOT NULL,
  html text NOT NULL,
  text text NOT NULL,
  created_at timestamptz NOT NULL,
  sent_at timestamptz
);
CREATE INDEX cycle_mails_unsent_idx ON cycle_mails (created_at) WHERE sent_at IS NULL;

-- "Report Issue" on /membership: stored here and mailed to the store.
CREATE TABLE issue_reports (
  id uuid PRIMARY KEY,
  identity_id uuid NOT NULL REFERENCES identities (id) ON DELETE CASCADE,
  subscription_id uuid REFERENCES subscriptions (id) ON DELETE SET NULL,
  order_id uuid REFERENCES orders (id) ON DELETE SET NULL,
  text text NOT NULL CHECK (char_length(text) BETWEEN 10 AND 1000),
  created_at timestamptz NOT NULL
);
