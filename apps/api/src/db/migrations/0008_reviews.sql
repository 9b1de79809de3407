-- Product reviews (docs/api-conventions.md#wire-shapes, docs/product.md#reviews): one per member and product, a second
-- one updates it. Low ratings feed matching.
CREATE TABLE product_reviews (
  id uuid PRIMARY KEY,
  identity_id uuid NOT NULL REFERENCES identities (id) ON DELETE CASCADE,
  product_id integer NOT NULL REFERENCES products (id),
  rating smallint NOT NULL CHECK (rating BETWEEN 1 AND 5),
  description text NOT NULL CHECK (char_length(description) BETWEEN 25 AND 500),
  agreement_confirmation boolean NOT NULL CHECK (agreement_confirmation),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX product_reviews_identity_product_key ON product_reviews (identity_id, product_id);
CREATE INDEX product_reviews_product_idx ON product_reviews (product_id);
