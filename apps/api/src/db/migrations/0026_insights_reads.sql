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

-- Sample-to-tub's tubs bought: the paid shop orders and renewal boxes, in id order with their
-- member and payment time, so the few order items with a tub's list price (order_items_tubs_idx,
-- also in order id order) merge with them from two index-only scans instead of hashing every
-- order's row. The statuses are the store's paid ones (PAID_ORDER_STATUSES in the orders
-- module); if that list changes, the read still answers, without this index.
CREATE INDEX IF NOT EXISTS orders_paid_tub_kinds_idx ON orders (id) INCLUDE (identity_id, paid_at)
  WHERE paid_at IS NOT NULL AND kind IN ('cart', 'cycle_box')
    AND status IN ('paid', 'processing', 'shipped', 'delivered', 'completed');
