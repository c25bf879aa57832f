-- The paged subscription lists, newest first by (created_at, id): a tenant's (its own range: one tenant's
-- subscriptions bound the filters within it), a customer's (the ranges of the tenants they own) and a product's,
-- which may hold any number: each of its filters (status, plan, both, live = not cancelled, live and plan) has an
-- index in that order, so a page costs the same however many there are.
DROP INDEX subscriptions_tenant;
CREATE INDEX subscriptions_tenant_created ON subscriptions (tenant_id, created_at DESC, id DESC);
DROP INDEX subscriptions_product;
CREATE INDEX subscriptions_product_created ON subscriptions (product_id, created_at DESC, id DESC);
CREATE INDEX subscriptions_product_status_created
  ON subscriptions (product_id, status, created_at DESC, id DESC);
CREATE INDEX subscriptions_product_plan_created ON subscriptions (product_id, plan, created_at DESC, id DESC);
CREATE INDEX subscriptions_product_status_plan_created
  ON subscriptions (product_id, status, plan, created_at DESC, id DESC);
CREATE INDEX subscriptions_product_live_created
  ON subscriptions (product_id, created_at DESC, id DESC) WHERE status <> 'cancelled';
CREATE INDEX subscriptions_product_live_plan_created
  ON subscriptions (product_id, plan, created_at DESC, id DESC) WHERE status <> 'cancelled';
