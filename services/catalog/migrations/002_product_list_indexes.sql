-- GET /api/products pages by (name, id) ascending (ARCHITECTURE.md "Decisions for growth"): each filter has a
-- btree that ends with that key, so every combination reads one page of an index in order. `q` is a substring
-- search of name and description, answered by trigram indexes on their lower-cased text. pg_trgm is the
-- database's, in the public schema (libs/eventing/src/migrations.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public;

DROP INDEX products_active_name;
CREATE INDEX products_name ON products (name, id);
CREATE INDEX products_active_name ON products (is_active, name, id);
CREATE INDEX products_category_name ON products (category, name, id);
CREATE INDEX products_category_active_name ON products (category, is_active, name, id);
-- The checkout's lookup: at most one product holds a slug (product_slugs), so any filter with it reads one row.
CREATE INDEX products_slug ON products (slug);
CREATE INDEX products_name_trigrams ON products USING gin (lower(name) public.gin_trgm_ops);
CREATE INDEX products_description_trigrams ON products USING gin (lower(description) public.gin_trgm_ops);
