-- The member steers their own subscription (docs/product.md#steering-your-membership).

-- One offer per membership and cancel reason: shown once (offered_at, the first CancelOffer),
-- taken at most once (accepted_at). A half-price box or a new-brands box waiting for the next
-- renewal is applied once (applied_order_id).
CREATE TABLE cancel_offers (
  id uuid PRIMARY KEY,
  subscription_id uuid NOT NULL REFERENCES subscriptions (id) ON DELETE CASCADE,
  reason smallint NOT NULL CHECK (reason BETWEEN 0 AND 3),
  kind text NOT NULL,
  offered_at timestamptz NOT NULL,
  accepted_at timestamptz,
  applied_order_id uuid,
  UNIQUE (subscription_id, reason)
);
CREATE INDEX cancel_offers_offered_idx ON cancel_offers (offered_at);
CREATE INDEX cancel_offers_accepted_idx ON cancel_offers (accepted_at) WHERE accepted_at IS NOT NULL;

-- Full-size tubs the member added to the next box: charged with the next renewal, in its charge,
-- then removed from here (they are items of that renewal's order from then on).
CREATE TABLE next_box_extras (
  id uuid PRIMARY KEY,
  subscription_id uuid NOT NULL REFERENCES subscriptions (id) ON DELETE CASCADE,
  product_id integer NOT NULL,
  quantity integer NOT NULL CHECK (quantity BETWEEN 1 AND 5),
  created_at timestamptz NOT NULL,
  UNIQUE (subscription_id, product_id)
);
