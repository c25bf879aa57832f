-- GET /api/invoices pages (ARCHITECTURE.md "Decisions for growth": lists are paged). The list orders by issue
-- time, then by invoice number as a number (length first: INV-000010 after INV-000009), newest first; one index
-- per filter answers each page by a range scan from the cursor, whatever the caller's invoice count.
DROP INDEX invoices_user;
CREATE INDEX invoices_user_newest ON invoices (user_id, issued_at DESC, length(number) DESC, number DESC);
CREATE INDEX invoices_user_status_newest
  ON invoices (user_id, status, issued_at DESC, length(number) DESC, number DESC);
