-- What billing bills each subscription after a plan change it made (README "Plan changes"), rebuilt from
-- billing_term events: the plan and monthly price since the last change, a downgrade waiting for the next
-- renewal, and an upgrade charge begun whose outcome is not recorded yet. Only subscriptions that ever changed plan
-- (or asked to) have a row; renewals take the price from here when it changed within the current cycle.
CREATE TABLE plan_terms (
  subscription_id uuid PRIMARY KEY,
  plan text,
  amount_cents bigint,
  changed_at timestamptz,
  scheduled_plan text,
  scheduled_amount_cents bigint,
  scheduled_effective_at timestamptz,
  upgrade_started_at timestamptz
);

-- The renewal runner's candidates: subscriptions with a downgrade to apply or an upgrade charge to finish.
CREATE INDEX plan_terms_pending ON plan_terms (subscription_id)
  WHERE scheduled_effective_at IS NOT NULL OR upgrade_started_at IS NOT NULL;

-- An upgrade's prorated charge is a payment of its own kind, off-session like a renewal's.
ALTER TABLE payments
  DROP CONSTRAINT payments_kind_check,
  ADD CONSTRAINT payments_kind_check CHECK (kind IN ('checkout', 'renewal', 'upgrade'));
