-- Browser sessions. The cookie holds 256 random bits; only their SHA-256 is stored, so a leaked table or backup
-- cannot be replayed as cookies. `id` names a session in logs and admin tools without exposing the secret.
CREATE TABLE sessions (
  id uuid PRIMARY KEY,
  token_hash bytea NOT NULL UNIQUE,
  user_id uuid NOT NULL,
  created_at timestamptz NOT NULL,
  last_seen_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz
);
-- "Sign out everywhere" and password changes revoke by user.
CREATE INDEX sessions_user ON sessions (user_id) WHERE revoked_at IS NULL;
-- Pruning of long-expired rows.
CREATE INDEX sessions_expires ON sessions (expires_at);
