-- Password hashes (argon2id, PHC strings). Kept out of events on purpose: events are permanent and published,
-- a hash must be replaceable and never leave this table. user_id is the account's id in the identity service.
CREATE TABLE credentials (
  user_id uuid PRIMARY KEY,
  password_hash text NOT NULL,
  updated_at timestamptz NOT NULL
);
