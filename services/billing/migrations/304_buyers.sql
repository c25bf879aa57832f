-- Buyers as identity last described them (identity.user.* on NATS): whom an invoice and its PDF are billed to
-- (README "Invoice documents"). A buyer billing has not heard of yet reads as unknown.
CREATE TABLE buyers (
  user_id uuid PRIMARY KEY,
  email text NOT NULL,
  first_name text,
  last_name text
);
