-- Which Stripe Tax calculation an order's tax came from (docs/product.md#tax); null when the
-- built-in state table computed it (the offline sandbox) or the order has no address yet.
ALTER TABLE orders ADD COLUMN IF NOT EXISTS tax_calculation_id text;
