-- Sign-in throttling (src/sessions/login-limits.ts): failures per (account, address) pair, a far higher ceiling
-- per account that holds back only addresses the account has not signed in from lately, and one per address for
-- password spraying.
-- An account's usual addresses live here, one row per (account, address) with its latest successful password
-- check, so a stranger's guesses from elsewhere can never keep the owner out from them. The account is the same
-- SHA-256 of the normalised email as in login_attempts. Rows older than the remembering period are pruned as new
-- successes arrive.
CREATE TABLE login_known_addresses (
  account_key text NOT NULL,
  ip text NOT NULL,
  last_succeeded_at timestamptz NOT NULL,
  PRIMARY KEY (account_key, ip)
);
CREATE INDEX login_known_addresses_time ON login_known_addresses (last_succeeded_at);
