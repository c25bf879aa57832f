-- One-time links with which an admin-created account's owner chooses a password (72 h). Like sessions, only the
-- SHA-256 of the link's 256 random bits is kept, so a leaked table or backup holds no usable link. A link is
-- spent once used (used_at); issuing a new one deletes the user's unused ones, so only the newest works.
CREATE TABLE password_setup_tokens (
  token_hash bytea PRIMARY KEY,
  user_id uuid NOT NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX password_setup_tokens_user ON password_setup_tokens (user_id) WHERE used_at IS NULL;
CREATE INDEX password_setup_tokens_expires ON password_setup_tokens (expires_at);
