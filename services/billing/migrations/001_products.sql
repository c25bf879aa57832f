-- The catalogue's products as billing last heard of them (catalog.product.* on NATS). A checkout is charged this
-- copy's price, never the browser's number. A deleted product stays, flagged, with its last name, so its
-- invoices still say what they were for.
CREATE TABLE products (
  product_id uuid PRIMARY KEY,
  name text NOT NULL,
  slug text NOT NULL,
  base_price_cents bigint NOT NULL CHECK (base_price_cents >= 0),
  is_active boolean NOT NULL,
  deleted boolean NOT NULL DEFAULT false,
  updated_at timestamptz NOT NULL
);
