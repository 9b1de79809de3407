-- Marketing mail is opt-in (docs/decisions/015-emails-and-marketing-opt-in.md): a new account is
-- not subscribed unless the person ticks "Email me news and offers" at sign-up. Existing
-- accounts keep the choice they have.
ALTER TABLE identities ALTER COLUMN is_email_subscribed SET DEFAULT false;
