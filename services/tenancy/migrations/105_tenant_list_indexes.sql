-- The paged tenant list (GET /api/admin/tenants, ARCHITECTURE.md "Decisions for growth"): newest first by
-- (created_at, id), and each filter answered by an index that already holds that order, so a page deep in the
-- list costs what the first one does: status, ownerId (also the owner's summary) and both.
CREATE INDEX tenants_status_created ON tenants (status, created_at DESC, id DESC);
DROP INDEX tenants_owner;
CREATE INDEX tenants_owner_created ON tenants (owner_id, created_at DESC, id DESC);
CREATE INDEX tenants_owner_status_created ON tenants (owner_id, status, created_at DESC, id DESC);

-- q: a case-insensitive substring of the name or the slug, `lower(column) LIKE lower(pattern)`. Trigram indexes
-- find the matches; the page is the newest of them.
CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public;
CREATE INDEX tenants_name_trigrams ON tenants USING gin (lower(name) public.gin_trgm_ops);
CREATE INDEX tenants_slug_trigrams ON tenants USING gin (lower(slug) public.gin_trgm_ops);
