-- The users as GET /api/admin/users returns them; rebuilt from identity_user events. Emails are stored
-- lower-cased, so an equality lookup is case-insensitive.
CREATE TABLE users (
  id uuid PRIMARY KEY,
  email text NOT NULL,
  first_name text,
  last_name text,
  role text NOT NULL CHECK (role IN ('admin', 'tenant')),
  profile_image_url text,
  is_active boolean NOT NULL,
  -- Dropped by 107_billing_customers.sql: billing's customers get a table of their own, kept by a users rebuild.
  stripe_customer_id text,
  revision bigint NOT NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX users_email ON users (email);
CREATE INDEX users_created ON users (created_at DESC, id DESC);
CREATE INDEX users_active_admins ON users (id) WHERE role = 'admin' AND is_active;

-- Email ownership among accounts (deactivated ones keep theirs). Written on the command path before the append,
-- so two accounts can never share an email; a reservation whose user never got (or no longer has) that email
-- is stale and may be taken over.
CREATE TABLE user_emails (
  email text PRIMARY KEY,
  user_id uuid NOT NULL,
  reserved_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX user_emails_user ON user_emails (user_id);
