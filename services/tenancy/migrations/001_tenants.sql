-- The tenants as GET /api/admin/tenants returns them; rebuilt from tenancy_tenant events. Provider passwords
-- never reach this table: only whether one is set (the sealed values stay in the event store).
CREATE TABLE tenants (
  id uuid PRIMARY KEY,
  name text NOT NULL,
  slug text NOT NULL,
  status text NOT NULL CHECK (status IN ('active', 'suspended')),
  owner_id uuid,
  domain_url text,
  domain_registrar_url text,
  domain_registrar_username text,
  domain_registrar_password_set boolean NOT NULL DEFAULT false,
  dns_server_url text,
  dns_server_username text,
  dns_server_password_set boolean NOT NULL DEFAULT false,
  email_provider_url text,
  email_provider_username text,
  email_provider_password_set boolean NOT NULL DEFAULT false,
  web_hosting_url text,
  web_hosting_username text,
  web_hosting_password_set boolean NOT NULL DEFAULT false,
  -- Kept by the subscription projection (and billing's paid invoices), not by the tenants projection: its
  -- replay rewrites every column above and leaves these alone.
  subscription_count integer NOT NULL DEFAULT 0,
  active_subscriptions integer NOT NULL DEFAULT 0,
  total_spent_cents bigint NOT NULL DEFAULT 0,
  revision bigint NOT NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX tenants_created ON tenants (created_at DESC, id DESC);
CREATE INDEX tenants_owner ON tenants (owner_id);

-- Slug ownership among tenants. Written on the command path before the append, so two tenants can never share
-- a slug; a reservation whose tenant never got (or no longer has) that slug is stale and may be taken over.
CREATE TABLE tenant_slugs (
  slug text PRIMARY KEY,
  tenant_id uuid NOT NULL,
  reserved_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX tenant_slugs_tenant ON tenant_slugs (tenant_id);

-- Tenant owners as identity last described them, filled by the identity consumer; the tenant list LEFT JOINs it,
-- so an owner not heard of yet reads as null.
CREATE TABLE owners (
  user_id uuid PRIMARY KEY,
  email text NOT NULL,
  first_name text,
  last_name text
);
