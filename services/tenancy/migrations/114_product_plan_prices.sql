-- The catalogue's basic and enterprise plan prices (issue 19); NULL: the product does not offer that plan. An
-- admin's new subscription costs this copy's price of its plan; the professional plan's is base_price_cents.
ALTER TABLE products
  ADD COLUMN basic_price_cents bigint CHECK (basic_price_cents >= 0),
  ADD COLUMN enterprise_price_cents bigint CHECK (enterprise_price_cents >= 0);
