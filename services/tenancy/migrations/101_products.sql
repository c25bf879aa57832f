-- The catalogue's products as tenancy last heard of them (catalog.product.* on NATS): names and colours for
-- subscription lists, price and active flag for starting one. A deleted product stays, flagged, with its last
-- name, so subscriptions to it still show what they were for.
CREATE TABLE products (
  product_id uuid PRIMARY KEY,
  name text NOT NULL,
  base_price_cents bigint NOT NULL CHECK (base_price_cents >= 0),
  color text NOT NULL,
  is_active boolean NOT NULL,
  deleted boolean NOT NULL DEFAULT false,
  updated_at timestamptz NOT NULL
);
