-- Sign-in and sign-up attempts for rate limiting, shared by every identity replica. Pessimistic: a row is
-- written as a failure before the password is checked and marked succeeded afterwards, so parallel guesses
-- count at once. The account is a SHA-256 of the normalised email (people type passwords into email fields;
-- those must not sit here in clear). Rows older than the window are pruned as new attempts arrive.
CREATE TABLE login_attempts (
  id bigserial PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('sign-in', 'sign-up')),
  ip text NOT NULL,
  account_key text,
  succeeded boolean NOT NULL DEFAULT false,
  attempted_at timestamptz NOT NULL
);
CREATE INDEX login_attempts_ip ON login_attempts (ip, attempted_at);
CREATE INDEX login_attempts_account ON login_attempts (account_key, id) WHERE account_key IS NOT NULL;
CREATE INDEX login_attempts_time ON login_attempts (attempted_at);
