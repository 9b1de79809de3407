-- The Flex and Max tub plans (docs/product.md#tub-plans): the launch, the plans and their tubs, and
-- the cycle engine's ledger of billing periods and charge attempts for any plan kind that is not a
-- box membership (tub plans are the first).

-- One row once the operator launched the tub plans (POST /admin/tub-plans/launch).
CREATE TABLE tub_plan_launch (
  id smallint PRIMARY KEY CHECK (id = 1),
  launched_at timestamptz NOT NULL,
  launched_by uuid
);

CREATE TABLE tub_plans (
  id uuid PRIMARY KEY,
  identity_id uuid NOT NULL REFERENCES identities (id) ON DELETE CASCADE,
  plan text NOT NULL CHECK (plan IN ('flex', 'max')),
  -- 'incomplete' until the first delivery is paid (a declined first charge leaves it so, unseen).
  status text NOT NULL CHECK (status IN ('incomplete', 'active', 'past_due', 'canceled')),
  schedule_index smallint NOT NULL CHECK (schedule_index BETWEEN 0 AND 2),
  schedule_days integer NOT NULL CHECK (schedule_days IN (30, 45, 60)),
  next_billing_at timestamptz NOT NULL,
  skip_cycles integer NOT NULL DEFAULT 0 CHECK (skip_cycles BETWEEN 0 AND 3),
  paused boolean NOT NULL DEFAULT false,
  renewal_failures integer NOT NULL DEFAULT 0 CHECK (renewal_failures >= 0),
  next_retry_at timestamptz,
  declined_payment_method_id uuid,
  default_payment_method_id uuid,
  -- Max: the free fifth tub; one more of the first line's product when null.
  free_product_id integer,
  -- The paid pre-order that paid the first delivery; a pre-order is claimed once.
  pre_order_id uuid UNIQUE REFERENCES orders (id),
  shipping jsonb,
  canceled_at timestamptz,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX tub_plans_identity_idx ON tub_plans (identity_id, created_at);
CREATE INDEX tub_plans_due_idx ON tub_plans (next_billing_at) WHERE status IN ('active', 'past_due');

-- The tubs of each delivery, in the member's order (the first line's product is the free tub's default).
CREATE TABLE tub_plan_items (
  plan_id uuid NOT NULL REFERENCES tub_plans (id) ON DELETE CASCADE,
  position smallint NOT NULL,
  product_id integer NOT NULL,
  quantity integer NOT NULL CHECK (quantity BETWEEN 1 AND 4),
  PRIMARY KEY (plan_id, position)
);

-- The cycle engine's billing periods of a plan (plan_kind names the plan's table: 'tub_plan').
CREATE TABLE plan_periods (
  plan_kind text NOT NULL,
  plan_id uuid NOT NULL,
  period_index integer NOT NULL CHECK (period_index >= 0),
  status text NOT NULL CHECK (status IN ('unbilled', 'past_due', 'billed', 'skipped')),
  order_id uuid REFERENCES orders (id),
  starts_at timestamptz NOT NULL,
  billed_at timestamptz,
  PRIMARY KEY (plan_kind, plan_id, period_index)
);

-- One row per charge attempt of a period; the provider key is {kind}:{plan}:{period}:{attempt}.
CREATE TABLE plan_charges (
  id uuid PRIMARY KEY,
  plan_kind text NOT NULL,
  plan_id uuid NOT NULL,
  period_index integer NOT NULL,
  attempt integer NOT NULL CHECK (attempt >= 1),
  idempotency_key text NOT NULL UNIQUE,
  status text NOT NULL CHECK (status IN ('pending', 'succeeded', 'failed')),
  amount_cents integer NOT NULL CHECK (amount_cents >= 0),
  provider_payment_intent_id text,
  decline_code text,
  claimed_at timestamptz NOT NULL,
  finished_at timestamptz
);
CREATE UNIQUE INDEX plan_charges_attempt_key ON plan_charges (plan_kind, plan_id, period_index, attempt);
-- Exactly one successful charge per plan and period (docs/reliability.md#d3).
CREATE UNIQUE INDEX plan_charges_one_success ON plan_charges (plan_kind, plan_id, period_index)
  WHERE status = 'succeeded';
