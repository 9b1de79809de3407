-- Login links (docs/product.md#log-in-with-a-link) are one-time tokens of their own purpose.
ALTER TABLE one_time_tokens DROP CONSTRAINT IF EXISTS one_time_tokens_purpose_check;
ALTER TABLE one_time_tokens
  ADD CONSTRAINT one_time_tokens_purpose_check CHECK (purpose IN ('verify', 'reset', 'login'));

-- A rotated refresh token keeps the pair it was traded for, sealed with a key only the holder of
-- the rotated token can derive, so a late tab within the grace window gets that same pair back
-- instead of a second live one (docs/reliability.md#a9).
ALTER TABLE refresh_tokens ADD COLUMN successor_sealed text;
