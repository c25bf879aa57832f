-- The admin's invoice list (GET /api/admin/billing/invoices, README "The admin's invoices"): every customer's
-- invoices newest first, in the order the customer's own list uses (issue time, then the number as a number,
-- length first). Each filter has an index that already holds that order, so a page deep in the list costs what
-- the first one does: none, status, tenant and product.
CREATE INDEX invoices_newest ON invoices (issued_at DESC, length(number) DESC, number DESC);
CREATE INDEX invoices_status_newest ON invoices (status, issued_at DESC, length(number) DESC, number DESC);
CREATE INDEX invoices_tenant_newest ON invoices (tenant_id, issued_at DESC, length(number) DESC, number DESC);
CREATE INDEX invoices_product_newest ON invoices (product_id, issued_at DESC, length(number) DESC, number DESC);

-- q: a case-insensitive substring of the invoice number or of the customer's email. Trigram indexes find the
-- numbers and the buyers; a matching buyer's invoices come from invoices_user_newest (301); the page is the
-- newest of them. pg_trgm is the database's, in the public schema (libs/eventing/src/migrations.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public;
CREATE INDEX invoices_number_trigrams ON invoices USING gin (lower(number) public.gin_trgm_ops);
CREATE INDEX buyers_email_trigrams ON buyers USING gin (lower(email) public.gin_trgm_ops);
