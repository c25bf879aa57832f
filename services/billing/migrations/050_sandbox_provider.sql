-- The Sandbox payment provider's own records (src/payments/sandbox): what Stripe keeps on its side, so the
-- embedded default behaves like Stripe without a network. Card numbers and CVCs never reach these tables: a
-- saved method keeps its brand, last four, expiry and how the sandbox answers an off-session charge of it; an
-- intent keeps only the SHA-256 of its client secret.

-- Customers, one per idempotency key (Stripe semantics: the same key gives the same customer).
CREATE TABLE sandbox_customers (
  id text PRIMARY KEY,
  idempotency_key text NOT NULL UNIQUE,
  -- What the first request with this key asked for: a reuse with other parameters is refused, as Stripe does.
  request_fingerprint text NOT NULL,
  user_id text NOT NULL,
  email text NOT NULL,
  created_at timestamptz NOT NULL
);

CREATE TABLE sandbox_payment_methods (
  id text PRIMARY KEY,
  customer_id text NOT NULL REFERENCES sandbox_customers (id),
  brand text NOT NULL,
  last4 text NOT NULL CHECK (last4 ~ '^[0-9]{4}$'),
  exp_month smallint NOT NULL CHECK (exp_month BETWEEN 1 AND 12),
  exp_year smallint NOT NULL,
  -- Stripe's 4000 0000 0000 0341 confirms and saves, then declines every off-session charge.
  off_session_result text NOT NULL CHECK (off_session_result IN ('succeed', 'decline')),
  created_at timestamptz NOT NULL
);
CREATE INDEX sandbox_payment_methods_customer ON sandbox_payment_methods (customer_id);

-- Payment intents: those a browser confirms with a client secret, and the off-session charges of saved methods
-- (decided when created, as Stripe's confirm=true does; they have no client secret).
CREATE TABLE sandbox_payment_intents (
  id text PRIMARY KEY,
  idempotency_key text NOT NULL UNIQUE,
  request_fingerprint text NOT NULL,
  client_secret_hash text,
  amount_cents integer NOT NULL CHECK (amount_cents > 0),
  currency text NOT NULL,
  customer_id text NOT NULL REFERENCES sandbox_customers (id),
  metadata jsonb NOT NULL,
  save_payment_method boolean NOT NULL,
  off_session boolean NOT NULL,
  status text NOT NULL CHECK (status IN ('requires_payment_method', 'succeeded')),
  payment_method_id text REFERENCES sandbox_payment_methods (id),
  card_brand text,
  card_last4 text CHECK (card_last4 ~ '^[0-9]{4}$'),
  last_error_code text,
  last_error_decline_code text,
  last_error_message text,
  attempts integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  CHECK (off_session OR client_secret_hash IS NOT NULL)
);
CREATE INDEX sandbox_payment_intents_customer ON sandbox_payment_intents (customer_id);
