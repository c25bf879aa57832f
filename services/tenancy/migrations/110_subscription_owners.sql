-- GET /api/subscriptions (a customer's own): the owner of each subscription's tenant, copied onto the
-- subscription so that a page is one range of an index in list order, however many tenants the customer owns
-- (filtering through tenants sorted every one of their subscriptions for each page: 54 ms at 3,000). A tenant's
-- owner is set when it is created and never changes; the subscription and tenants projections both copy it
-- (src/projections/tenant-figures.ts), since either row may land first.
ALTER TABLE subscriptions ADD COLUMN owner_id uuid;
UPDATE subscriptions s SET owner_id = t.owner_id FROM tenants t WHERE t.id = s.tenant_id;
CREATE INDEX subscriptions_owner_created ON subscriptions (owner_id, created_at DESC, id DESC);
