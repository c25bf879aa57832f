-- The basic and enterprise plans' prices (issue 19); NULL: the product does not offer that plan. The professional
-- plan's price is base_price_cents. Existing rows offered professional only, which NULL says.
ALTER TABLE products
  ADD COLUMN basic_price_cents bigint CHECK (basic_price_cents >= 0),
  ADD COLUMN enterprise_price_cents bigint CHECK (enterprise_price_cents >= 0);
