-- The audit trail (issue 21): one row per stored event of every event-sourced service, as its producer described
-- it (<producer>.audit-entry.recorded.v1). Never a secret: producers publish a secret field only as what happened
-- to it. Every list reads newest first by (occurred_at, event_id); each filter has an index in that order, so a
-- page costs the same however long the trail grows.
CREATE TABLE audit_entries (
  event_id uuid PRIMARY KEY,
  occurred_at timestamptz NOT NULL,
  producer text NOT NULL,
  action text NOT NULL,
  actor_type text NOT NULL,
  -- A user's id, or a process's name.
  actor_id text NOT NULL,
  actor_role text,
  on_behalf_of uuid,
  entity_type text NOT NULL,
  entity_id text NOT NULL,
  entity_label text,
  tenant_id uuid,
  account_id uuid,
  changes jsonb NOT NULL
);
CREATE INDEX audit_entries_newest ON audit_entries (occurred_at DESC, event_id DESC);
CREATE INDEX audit_entries_actor ON audit_entries (actor_id, occurred_at DESC, event_id DESC);
CREATE INDEX audit_entries_entity_type ON audit_entries (entity_type, occurred_at DESC, event_id DESC);
CREATE INDEX audit_entries_entity ON audit_entries (entity_type, entity_id, occurred_at DESC, event_id DESC);
CREATE INDEX audit_entries_action ON audit_entries (action, occurred_at DESC, event_id DESC);
CREATE INDEX audit_entries_tenant ON audit_entries (tenant_id, occurred_at DESC, event_id DESC)
  WHERE tenant_id IS NOT NULL;
CREATE INDEX audit_entries_account ON audit_entries (account_id, occurred_at DESC, event_id DESC)
  WHERE account_id IS NOT NULL;

-- Whose each tenant is, from tenancy's tenant entries (their account is the owner): a customer's own trail is
-- their tenants' entries and their account's.
CREATE TABLE tenant_owners (
  tenant_id uuid PRIMARY KEY,
  owner_id uuid NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX tenant_owners_owner ON tenant_owners (owner_id);

-- Identity's users (identity.user.*), to name who did what as they are called now.
CREATE TABLE actors (
  user_id uuid PRIMARY KEY,
  email text NOT NULL,
  first_name text,
  last_name text,
  role text NOT NULL,
  updated_at timestamptz NOT NULL
);
