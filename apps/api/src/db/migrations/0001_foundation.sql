-- Every email the store sends: the dev mailbox reads it, and it is the record of what went out.
CREATE TABLE emails (
  id uuid PRIMARY KEY,
  kind text NOT NULL,
  to_address text NOT NULL,
  subject text NOT NULL,
  html text NOT NULL,
  text text NOT NULL,
  sent_via text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX emails_created_at_idx ON emails (created_at DESC);
CREATE INDEX emails_to_idx ON emails (to_address);
