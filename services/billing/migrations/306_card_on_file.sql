-- The card on file (issue 19): its expiry beside brand and last four, and cards saved without a payment.
-- A payers row saved before this has no expiry (its events carry none): it shows none rather than a guess.
ALTER TABLE payers
  ADD COLUMN card_exp_month smallint CHECK (card_exp_month BETWEEN 1 AND 12),
  ADD COLUMN card_exp_year smallint;

-- The Sandbox reports a paid intent's card with its expiry, as Stripe's expanded PaymentMethod does. Every intent
-- that paid saved its method (checkouts save the card, renewals charge a saved one), which has the expiry.
ALTER TABLE sandbox_payment_intents
  ADD COLUMN card_exp_month smallint CHECK (card_exp_month BETWEEN 1 AND 12),
  ADD COLUMN card_exp_year smallint;
UPDATE sandbox_payment_intents i
SET card_exp_month = m.exp_month, card_exp_year = m.exp_year
FROM sandbox_payment_methods m
WHERE m.id = i.payment_method_id;

-- Stripe's 4000 0027 6000 3184 asks for 3-D Secure on every charge: saved with the customer present, declined
-- off-session with authentication_required.
ALTER TABLE sandbox_payment_methods
  DROP CONSTRAINT sandbox_payment_methods_off_session_result_check,
  ADD CONSTRAINT sandbox_payment_methods_off_session_result_check
    CHECK (off_session_result IN ('succeed', 'decline', 'authenticate'));

-- The Sandbox's SetupIntents: a card saved for off-session charges with nothing charged (a replacement card).
-- As for payment intents, only the SHA-256 of the client secret is kept, and the card only once saved.
CREATE TABLE sandbox_setup_intents (
  id text PRIMARY KEY,
  idempotency_key text NOT NULL UNIQUE,
  request_fingerprint text NOT NULL,
  client_secret_hash text NOT NULL,
  customer_id text NOT NULL REFERENCES sandbox_customers (id),
  metadata jsonb NOT NULL,
  status text NOT NULL CHECK (status IN ('requires_payment_method', 'succeeded')),
  payment_method_id text REFERENCES sandbox_payment_methods (id),
  last_error_code text,
  last_error_decline_code text,
  last_error_message text,
  attempts integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX sandbox_setup_intents_customer ON sandbox_setup_intents (customer_id);
