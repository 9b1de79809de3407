-- The operator's insights (docs/product.md#insights), faster over a large store.

-- The orders paid in a period, read by payment time with what the insights' revenue and the
-- revenue per quiz answer add up (kind, status, total, member): an index-only scan instead of a
-- visit to each order's row. It replaces the bare payment-time index (same key and predicate), so
-- the dashboard's revenue by week reads it as before. Status was already indexed (the cart
-- orders to ship), so adding it here does not cost an order's status changes their in-place
-- (HOT) updates.
CREATE INDEX IF NOT EXISTS orders_paid_cover_idx ON orders (paid_at)
  INCLUDE (kind, status, total_cents, identity_id) WHERE paid_at IS NOT NULL;
DROP INDEX IF EXISTS orders_paid_at_idx;
