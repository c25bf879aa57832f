-- Billing's copy of tenancy's tenants and subscriptions (tenancy.tenant.* and tenancy.subscription.* on NATS):
-- whose card pays a subscription's renewals (its tenant's owner) and when its billing cycle runs.
CREATE TABLE tenants (
  tenant_id uuid PRIMARY KEY,
  -- Null for a tenant nobody owns: nobody's card renews its subscriptions.
  owner_id uuid,
  created_at timestamptz NOT NULL
);
CREATE INDEX tenants_owner ON tenants (owner_id);

CREATE TABLE subscriptions (
  subscription_id uuid PRIMARY KEY,
  tenant_id uuid NOT NULL,
  product_id uuid NOT NULL,
  plan text NOT NULL,
  status text NOT NULL CHECK (status IN ('active', 'trial', 'suspended', 'cancelled')),
  -- The monthly price agreed at the start; later catalogue prices do not change it.
  amount_cents bigint NOT NULL CHECK (amount_cents >= 0),
  started_at timestamptz NOT NULL,
  -- When the current billing cycle began (the start, the checkout that started it, or a reactivation after
  -- cancelling), and whether it opens with a trial (README "Renewals and dunning").
  cycle_start timestamptz NOT NULL,
  cycle_trial boolean NOT NULL,
  -- The newest status change applied: an older one delivered late changes nothing.
  status_changed_at timestamptz NOT NULL
);
CREATE INDEX subscriptions_tenant ON subscriptions (tenant_id);
