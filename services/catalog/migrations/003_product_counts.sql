-- The counters of GET /api/admin/products/summary and the categories of GET /api/products/categories, read in
-- O(1) and O(categories) instead of counting the products on each call.
--
-- Kept by statement triggers on `products` rather than by the projection's code: the rows are then counted
-- exactly as they are, whichever way they were written. The projection's batched inserts skip rows that are
-- already there (a replay), an update may change nothing, and a rebuild empties the table with TRUNCATE; a
-- transition table holds only the rows a statement really changed, and the TRUNCATE trigger zeroes the counts,
-- so counts and rows can never disagree. One statement of a batch adds its rows with one update of the counters.
CREATE TABLE product_counts (
  only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  products bigint NOT NULL CHECK (products >= 0),
  active_products bigint NOT NULL CHECK (active_products >= 0)
);

-- One row per category that at least one product has. No CHECK on the counts: the upsert below proposes a
-- change (which may be negative) as the row to insert, and a check would refuse it before it became an update.
CREATE TABLE product_category_counts (
  category text PRIMARY KEY,
  products bigint NOT NULL,
  active_products bigint NOT NULL
);

-- A product entering (+1) or leaving (-1) the counts.
CREATE TYPE product_count_change AS (category text, is_active boolean, weight integer);

CREATE FUNCTION apply_product_count_changes(changes product_count_change[]) RETURNS void
LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
DECLARE
  products_change bigint;
  active_change bigint;
BEGIN
  SELECT coalesce(sum(weight), 0), coalesce(sum(weight) FILTER (WHERE is_active), 0)
    INTO products_change, active_change
    FROM unnest(changes);
  IF products_change <> 0 OR active_change <> 0 THEN
    UPDATE product_counts
      SET products = products + products_change, active_products = active_products + active_change;
  END IF;

  INSERT INTO product_category_counts AS counts (category, products, active_products)
    SELECT category, sum(weight), coalesce(sum(weight) FILTER (WHERE is_active), 0)
      FROM unnest(changes)
      WHERE category IS NOT NULL
      GROUP BY category
      HAVING sum(weight) <> 0 OR coalesce(sum(weight) FILTER (WHERE is_active), 0) <> 0
    ON CONFLICT (category) DO UPDATE
      SET products = counts.products + excluded.products,
          active_products = counts.active_products + excluded.active_products;
  DELETE FROM product_category_counts WHERE products = 0;
END $$;

CREATE FUNCTION count_products() RETURNS trigger
LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  CASE TG_OP
    WHEN 'INSERT' THEN
      PERFORM apply_product_count_changes(
        ARRAY(SELECT (category, is_active, 1)::product_count_change FROM entered));
    WHEN 'DELETE' THEN
      PERFORM apply_product_count_changes(
        ARRAY(SELECT (category, is_active, -1)::product_count_change FROM departed));
    WHEN 'UPDATE' THEN
      PERFORM apply_product_count_changes(ARRAY(
        SELECT (category, is_active, -1)::product_count_change FROM departed
        UNION ALL
        SELECT (category, is_active, 1)::product_count_change FROM entered));
    WHEN 'TRUNCATE' THEN
      UPDATE product_counts SET products = 0, active_products = 0;
      DELETE FROM product_category_counts;
  END CASE;
  RETURN NULL;
END $$;

CREATE TRIGGER products_counted_insert AFTER INSERT ON products
  REFERENCING NEW TABLE AS entered FOR EACH STATEMENT EXECUTE FUNCTION count_products();
CREATE TRIGGER products_counted_update AFTER UPDATE ON products
  REFERENCING OLD TABLE AS departed NEW TABLE AS entered FOR EACH STATEMENT EXECUTE FUNCTION count_products();
CREATE TRIGGER products_counted_delete AFTER DELETE ON products
  REFERENCING OLD TABLE AS departed FOR EACH STATEMENT EXECUTE FUNCTION count_products();
CREATE TRIGGER products_counted_truncate AFTER TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION count_products();

-- The products already there; the triggers above hold writers off until this migration commits.
INSERT INTO product_counts (products, active_products)
  SELECT count(*), count(*) FILTER (WHERE is_active) FROM products;
INSERT INTO product_category_counts (category, products, active_products)
  SELECT category, count(*), count(*) FILTER (WHERE is_active) FROM products
    WHERE category IS NOT NULL GROUP BY category;
