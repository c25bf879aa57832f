-- GET /api/admin/users pages newest first, by (created_at, id) descending (ARCHITECTURE.md "Decisions for
-- growth"): users_created (001) answers the list, users_role_created a role, each one page of the index in
-- order. `q` is a substring of the full name ("first last", so a whole name is found too) or of the email, any
-- case, answered by trigram indexes; the expressions are the ones projections/user-list.ts compares. pg_trgm is
-- the database's, in the public schema (libs/eventing/src/migrations.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public;

CREATE INDEX users_role_created ON users (role, created_at DESC, id DESC);
CREATE INDEX users_full_name_trigrams ON users
  USING gin (lower(coalesce(first_name, '') || ' ' || coalesce(last_name, '')) public.gin_trgm_ops);
CREATE INDEX users_email_trigrams ON users USING gin (lower(email) public.gin_trgm_ops);
