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
