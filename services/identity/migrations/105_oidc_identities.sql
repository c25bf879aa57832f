-- Accounts signed in with an OpenID Connect provider: the provider's (issuer, subject) pair names a person for
-- good, whatever their email becomes. Linked at the first sign-in, by verified email. One subject per account
-- and issuer: an email the provider later gives to someone else (a new subject) does not open the account.
CREATE TABLE oidc_identities (
  issuer text NOT NULL,
  subject text NOT NULL,
  user_id uuid NOT NULL,
  linked_at timestamptz NOT NULL,
  PRIMARY KEY (issuer, subject),
  UNIQUE (issuer, user_id)
);
