-- Billing's copy of tenancy follows a subscription's plan changes (tenancy.subscription.plan-changed.v1): the plan
-- and monthly price tenancy recorded, and billing's time of the newest change applied, so an older one delivered
-- late changes nothing. Null: no plan change applied yet, as for every subscription before this column.
ALTER TABLE subscriptions ADD COLUMN plan_changed_at timestamptz;
