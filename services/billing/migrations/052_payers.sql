-- Each buyer's customer at each provider and the card they last saved at a checkout, rebuilt from
-- billing_customer and billing_payment events: who a renewal charges, and with what. A payment that saved no
-- card never clears the one saved before.
CREATE TABLE payers (
  user_id uuid NOT NULL,
  provider text NOT NULL,
  provider_customer_id text NOT NULL,
  payment_method_id text,
  card_brand text,
  card_last4 text CHECK (card_last4 ~ '^[0-9]{4}$'),
  method_saved_at timestamptz,
  PRIMARY KEY (user_id, provider)
);
