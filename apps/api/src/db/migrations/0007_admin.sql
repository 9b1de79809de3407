-- The back office (docs/product.md#back-office). Every change an operator makes writes one row here, in the same
-- transaction as the change; rows are never updated or deleted. The identity column orders them.
CREATE TABLE audit_log (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  actor_identity_id uuid NOT NULL,
  -- Kept as it was at the time: an audit row must not change when the account does.
  actor_email text NOT NULL,
  action text NOT NULL,
  entity_type text NOT NULL,
  entity_id text NOT NULL,
  before jsonb,
  after jsonb,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX audit_log_entity_idx ON audit_log (entity_type, entity_id, id DESC);

-- Brands can be archived (left out of the quiz's brand list) as products can.
ALTER TABLE brands ADD COLUMN is_active boolean NOT NULL DEFAULT true;

-- Ids of brands and products created in the back office start far above the demo catalog's, so
-- a product added to the demo file later never collides with one an operator made.
CREATE SEQUENCE brands_id_seq START WITH 1001 OWNED BY brands.id;
ALTER TABLE brands ALTER COLUMN id SET DEFAULT nextval('brands_id_seq');
CREATE SEQUENCE products_id_seq START WITH 10001 OWNED BY products.id;
ALTER TABLE products ALTER COLUMN id SET DEFAULT nextval('products_id_seq');

-- The inboxes list what is still to do first.
CREATE INDEX contact_messages_unhandled_idx ON contact_messages (created_at DESC) WHERE handled_at IS NULL;
CREATE INDEX partner_requests_unhandled_idx ON partner_requests (created_at DESC) WHERE handled_at IS NULL;
