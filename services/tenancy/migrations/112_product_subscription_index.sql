-- A product's subscription list reads one index for every filter: a page of each (status, plan) pair the filters
-- allow, merged (src/projections/subscription-lists.ts). It replaces the six of migration 106, one per filter,
-- each of which every insert and status change had to update.
CREATE INDEX subscriptions_product_status_plan ON subscriptions (product_id, status, plan, created_at DESC, id DESC);
DROP INDEX subscriptions_product_created;
DROP INDEX subscriptions_product_status_created;
DROP INDEX subscriptions_product_plan_created;
DROP INDEX subscriptions_product_status_plan_created;
DROP INDEX subscriptions_product_live_created;
DROP INDEX subscriptions_product_live_plan_created;
