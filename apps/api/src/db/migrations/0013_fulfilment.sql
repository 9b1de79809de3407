-- The operator's fulfillment (docs/product.md#back-office, docs/decisions/010-fulfilment.md): when a cycle's
-- box was assembled (the operator closing the build window early), and the carrier's tracking
-- number and shipping time of an order (a cycle box or a cart order of tubs).

ALTER TABLE billing_cycles ADD COLUMN assembled_at timestamptz;

ALTER TABLE orders ADD COLUMN tracking_number text
  CHECK (tracking_number IS NULL OR tracking_number ~ '^[A-Z0-9]{8,40}$');
ALTER TABLE orders ADD COLUMN shipped_at timestamptz;

-- The fulfillment lists: a cycle's boxes by stage, and paid cart orders still to ship.
CREATE INDEX billing_cycles_open_boxes_idx ON billing_cycles (build_deadline_at)
  WHERE status = 'billed' AND order_id IS NOT NULL AND delivered_at IS NULL;
CREATE INDEX orders_cart_to_ship_idx ON orders (paid_at) WHERE kind = 'cart' AND status = 'paid';
-- The dashboard's revenue by week reads paid orders by payment time.
CREATE INDEX orders_paid_at_idx ON orders (paid_at) WHERE paid_at IS NOT NULL;
