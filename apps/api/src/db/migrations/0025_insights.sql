-- The operator's insights (docs/product.md#insights).

-- The furthest quiz step answered (1-12): the step the web app names with each save, else the
-- furthest step whose answer the quiz holds. It only grows.
ALTER TABLE quizzes ADD COLUMN IF NOT EXISTS furthest_step smallint NOT NULL DEFAULT 0
  CHECK (furthest_step BETWEEN 0 AND 12);
UPDATE quizzes SET furthest_step = CASE
  WHEN identity_id IS NOT NULL AND age IS NOT NULL THEN 12
  WHEN cardinality(disliked_brands) > 0 THEN 11
  WHEN cardinality(brand_usages) > 0 THEN 10
  WHEN cardinality(protein_mixes) > 0 THEN 9
  WHEN used_protein_before IS NOT NULL THEN 8
  WHEN cardinality(textures) > 0 THEN 7
  WHEN cardinality(flavors) > 0 THEN 6
  WHEN cardinality(dietary_restrictions) > 0 THEN 5
  WHEN cardinality(dietary_preferences) > 0 THEN 4
  WHEN cardinality(fitness_goals) > 0 OR cardinality(lifestyle_performance_goals) > 0 THEN 3
  WHEN exercise_frequency IS NOT NULL THEN 2
  WHEN cardinality(exercise_types) > 0 THEN 1
  ELSE 0 END;

-- The quiz funnel reads the quizzes started in a period.
CREATE INDEX IF NOT EXISTS quizzes_created_idx ON quizzes (created_at);
-- New members and churn read memberships by start and by cancellation.
CREATE INDEX IF NOT EXISTS subscriptions_created_idx ON subscriptions (created_at);
CREATE INDEX IF NOT EXISTS subscriptions_canceled_idx ON subscriptions (canceled_at) WHERE canceled_at IS NOT NULL;
-- Cancellations per reason read the membership history by kind and time.
CREATE INDEX IF NOT EXISTS subscription_events_kind_created_idx ON subscription_events (kind, created_at);
-- Refunds taken off the period's revenue, by the time they succeeded.
CREATE INDEX IF NOT EXISTS refunds_updated_idx ON refunds (updated_at) WHERE status = 'succeeded';
-- Sample-to-tub reads each product's paid orders.
CREATE INDEX IF NOT EXISTS order_items_product_idx ON order_items (product_id, order_id);

-- Who has had each product in a paid box, and since when (docs/product.md#insights): kept by the
-- database itself as boxes are paid and samples are added to them (every path that writes an
-- order or its items passes here), so sample-to-tub reads one row per member and product instead
-- of joining every box's items to their orders. Read-only for the application.
CREATE TABLE IF NOT EXISTS product_samplers (
  product_id integer NOT NULL,
  identity_id uuid NOT NULL,
  first_paid_at timestamptz NOT NULL,
  PRIMARY KEY (product_id, identity_id)
);

-- A sample (an item without a tub's list price) of a paid first box or renewal box.
CREATE OR REPLACE FUNCTION product_samplers_from_item() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO product_samplers (product_id, identity_id, first_paid_at)
  SELECT NEW.product_id, o.identity_id, o.paid_at FROM orders o
  WHERE o.id = NEW.order_id AND o.kind IN ('first_box', 'cycle_box') AND o.paid_at IS NOT NULL
  ON CONFLICT (product_id, identity_id)
    DO UPDATE SET first_paid_at = LEAST(product_samplers.first_paid_at, EXCLUDED.first_paid_at);
  RETURN NULL;
END $$;

-- A box that becomes paid: each of its samples so far.
CREATE OR REPLACE FUNCTION product_samplers_from_order() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO product_samplers (product_id, identity_id, first_paid_at)
  SELECT DISTINCT i.product_id, NEW.identity_id, NEW.paid_at FROM order_items i
  WHERE i.order_id = NEW.id AND i.list_price_cents IS NULL
  ON CONFLICT (product_id, identity_id)
    DO UPDATE SET first_paid_at = LEAST(product_samplers.first_paid_at, EXCLUDED.first_paid_at);
  RETURN NULL;
END $$;

DROP TRIGGER IF EXISTS order_items_product_samplers ON order_items;
CREATE TRIGGER order_items_product_samplers AFTER INSERT OR UPDATE OF product_id, list_price_cents ON order_items
  FOR EACH ROW WHEN (NEW.list_price_cents IS NULL) EXECUTE FUNCTION product_samplers_from_item();
DROP TRIGGER IF EXISTS orders_product_samplers ON orders;
CREATE TRIGGER orders_product_samplers AFTER INSERT OR UPDATE OF paid_at, kind ON orders
  FOR EACH ROW WHEN (NEW.paid_at IS NOT NULL AND NEW.kind IN ('first_box', 'cycle_box'))
  EXECUTE FUNCTION product_samplers_from_order();

-- The boxes paid before this migration.
INSERT INTO product_samplers (product_id, identity_id, first_paid_at)
SELECT i.product_id, o.identity_id, min(o.paid_at) FROM order_items i JOIN orders o ON o.id = i.order_id
WHERE o.kind IN ('first_box', 'cycle_box') AND o.paid_at IS NOT NULL AND i.list_price_cents IS NULL
GROUP BY i.product_id, o.identity_id
ON CONFLICT DO NOTHING;

-- Tubs bought (shop orders and next-box extras) are the few items with a list price.
CREATE INDEX IF NOT EXISTS order_items_tubs_idx ON order_items (order_id) INCLUDE (product_id)
  WHERE list_price_cents IS NOT NULL;
-- Sample demand reads the members' recent first samples.
CREATE INDEX IF NOT EXISTS product_samplers_paid_idx ON product_samplers (first_paid_at) INCLUDE (product_id);
