-- Messages from the footer's "Get in touch" form; the operator reads them in the back office.
CREATE TABLE contact_messages (
  id uuid PRIMARY KEY,
  name text NOT NULL,
  email text NOT NULL,
  text text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  handled_at timestamptz
);
CREATE INDEX contact_messages_created_at_idx ON contact_messages (created_at DESC);

-- Ambassador (influencer) applications from /influencer.
CREATE TABLE partner_requests (
  id uuid PRIMARY KEY,
  first_name text NOT NULL,
  last_name text NOT NULL,
  email text NOT NULL,
  phone text NOT NULL,
  fitness_type text NOT NULL DEFAULT '',
  instagram text NOT NULL DEFAULT '',
  tiktok text NOT NULL DEFAULT '',
  other_socials text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  handled_at timestamptz
);
CREATE INDEX partner_requests_created_at_idx ON partner_requests (created_at DESC);
CREATE INDEX partner_requests_email_idx ON partner_requests (lower(email));
