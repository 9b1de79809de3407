-- Accounts: people who can sign in, their one-time email links, their sessions and their pictures.
CREATE TABLE identities (
  id uuid PRIMARY KEY,
  -- Stored lower-cased, so one address is one account whatever its spelling.
  email text NOT NULL,
  -- Null for an account that only signs in with Google.
  password_hash text,
  email_verified_at timestamptz,
  first_name text,
  last_name text,
  phone_number text,
  age integer CHECK (age IS NULL OR (age >= 13 AND age <= 100)),
  is_email_subscribed boolean NOT NULL DEFAULT true,
  referral_code text NOT NULL,
  -- The referralCode the person signed up with (another identity's referral_code).
  referred_by_code text,
  quiz_id text,
  order_id text,
  permissions text[] NOT NULL DEFAULT '{}',
  about text,
  profile_picture text,
  address text,
  shipping_address jsonb,
  google_sub text,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT identities_email_lower CHECK (email = lower(email))
);
CREATE UNIQUE INDEX identities_email_key ON identities (email);
CREATE UNIQUE INDEX identities_referral_code_key ON identities (referral_code);
CREATE UNIQUE INDEX identities_google_sub_key ON identities (google_sub) WHERE google_sub IS NOT NULL;
CREATE INDEX identities_referred_by_idx ON identities (referred_by_code) WHERE referred_by_code IS NOT NULL;

-- Email verification and password reset links; only a hash of the secret is kept.
CREATE TABLE one_time_tokens (
  id uuid PRIMARY KEY,
  purpose text NOT NULL CHECK (purpose IN ('verify', 'reset')),
  token_hash text NOT NULL,
  identity_id uuid NOT NULL REFERENCES identities (id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX one_time_tokens_hash_key ON one_time_tokens (token_hash);
CREATE INDEX one_time_tokens_identity_idx ON one_time_tokens (identity_id, purpose);

-- Refresh tokens, rotated on every use; a family is one sign-in and dies as a whole on reuse.
CREATE TABLE refresh_tokens (
  id uuid PRIMARY KEY,
  token_hash text NOT NULL,
  family_id uuid NOT NULL,
  identity_id uuid NOT NULL REFERENCES identities (id) ON DELETE CASCADE,
  used_at timestamptz,
  revoked_at timestamptz,
  family_expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX refresh_tokens_hash_key ON refresh_tokens (token_hash);
CREATE INDEX refresh_tokens_family_idx ON refresh_tokens (family_id);
CREATE INDEX refresh_tokens_identity_idx ON refresh_tokens (identity_id);

-- Profile pictures (Identity/SaveImage); the MIME type is sniffed from the bytes, never trusted.
CREATE TABLE identity_images (
  id uuid PRIMARY KEY,
  identity_id uuid NOT NULL REFERENCES identities (id) ON DELETE CASCADE,
  mime text NOT NULL CHECK (mime IN ('image/png', 'image/jpeg', 'image/webp')),
  data bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX identity_images_identity_idx ON identity_images (identity_id);
