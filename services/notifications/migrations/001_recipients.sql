-- Notifications' copy of who gets mail: identity's users (address, names, the Settings switches) and tenancy's
-- tenants (whose owner a subscription's mail goes to). Never a secret: identity publishes none.
CREATE TABLE users (
  user_id uuid PRIMARY KEY,
  email text NOT NULL,
  first_name text,
  last_name text,
  is_active boolean NOT NULL DEFAULT true,
  -- SPEC.md §2's defaults until identity publishes the user's own (Email on, Security Alerts on).
  email_enabled boolean NOT NULL DEFAULT true,
  security_alerts_enabled boolean NOT NULL DEFAULT true,
  updated_at timestamptz NOT NULL
);

CREATE TABLE tenants (
  tenant_id uuid PRIMARY KEY,
  name text NOT NULL,
  owner_id uuid,
  updated_at timestamptz NOT NULL
);

CREATE TABLE subscriptions (
  subscription_id uuid PRIMARY KEY,
  tenant_id uuid NOT NULL,
  product_id uuid NOT NULL,
  updated_at timestamptz NOT NULL
);

-- The catalogue's product names, for the line a message names the purchase by.
CREATE TABLE products (
  product_id uuid PRIMARY KEY,
  name text NOT NULL,
  updated_at timestamptz NOT NULL
);
