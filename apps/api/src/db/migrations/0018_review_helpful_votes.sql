-- Helpful votes on product reviews (docs/look-and-trust.md#social-proof): one per member and
-- review, so "most helpful first" counts people, not clicks. A member never votes on their own
-- review (checked by the service: the writer is on another table). Deleting a review or an
-- account takes its votes with it.
CREATE TABLE review_helpful_votes (
  review_id uuid NOT NULL REFERENCES product_reviews (id) ON DELETE CASCADE,
  identity_id uuid NOT NULL REFERENCES identities (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (review_id, identity_id)
);
-- The primary key serves each review's count and "did this member vote"; this index serves
-- deleting an account (the cascade looks votes up by identity).
CREATE INDEX review_helpful_votes_identity_idx ON review_helpful_votes (identity_id);
