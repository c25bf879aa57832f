-- The catalogue's basic and enterprise plan prices (issue 19); NULL: the product does not offer that plan. A
-- checkout of a plan is charged this copy's price of it; the professional plan's is base_price_cents.
ALTER TABLE products
  ADD COLUMN basic_price_cents bigint CHECK (basic_price_cents >= 0),
  ADD COLUMN enterprise_price_cents bigint CHECK (enterprise_price_cents >= 0);
