-- The product list as GET /api/products returns it; rebuilt from catalog_product events.
CREATE TABLE products (
  id uuid PRIMARY KEY,
  name text NOT NULL,
  slug text NOT NULL,
  description text,
  base_price_cents bigint NOT NULL CHECK (base_price_cents >= 0),
  category text,
  color text NOT NULL,
  icon text NOT NULL,
  features jsonb NOT NULL DEFAULT '[]',
  is_active boolean NOT NULL,
  revision bigint NOT NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX products_active_name ON products (is_active, name);

-- Slug ownership among products that are not deleted. Written on the command path before the append, so two
-- admins can never both take a slug; a reservation whose product never got (or no longer has) that slug is
-- stale and may be taken over.
CREATE TABLE product_slugs (
  slug text PRIMARY KEY,
  product_id uuid NOT NULL,
  reserved_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX product_slugs_product ON product_slugs (product_id);
