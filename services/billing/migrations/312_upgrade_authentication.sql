-- An upgrade charge waiting for the customer's 3-D Secure step (README "Plan changes"): since when, so the renewal
-- runner cancels it at the provider when they do not complete it.
ALTER TABLE plan_terms ADD COLUMN upgrade_awaiting_since timestamptz;

-- The Sandbox's charge of a saved card with its holder present (an upgrade) is confirmed by billing with the saved
-- method, so, like an off-session charge, it has no client secret for a page.
ALTER TABLE sandbox_payment_intents
  DROP CONSTRAINT sandbox_payment_intents_check,
  ADD CONSTRAINT sandbox_payment_intents_confirmable
    CHECK (off_session OR client_secret_hash IS NOT NULL OR payment_method_id IS NOT NULL);
