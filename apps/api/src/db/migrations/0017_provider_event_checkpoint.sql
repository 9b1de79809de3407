-- How far the event reconciliation has read the payment provider's event list: the next pass asks
-- for events created after `created_after` (minus an overlap), so an event whose webhook was lost
-- still reaches the store (docs/payments.md#event-reconciliation).
CREATE TABLE IF NOT EXISTS provider_event_checkpoints (
  provider text PRIMARY KEY,
  created_after timestamptz NOT NULL,
  last_event_id text,
  events_applied integer NOT NULL DEFAULT 0,
  updated_at timestamptz NOT NULL
);
