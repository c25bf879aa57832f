-- The owner's API & Webhooks page lists the tenants they own (GET /api/tenant-webhooks/tenants).
CREATE INDEX tenants_owner ON tenants (owner_id, name, tenant_id);
