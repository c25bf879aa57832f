-- How an upgrade's prorated invoice was prorated (README "Plan changes"), for its lines on the invoice page and
-- PDF: plans, monthly prices in cents, and the seconds billed of the period. Null on every other invoice.
ALTER TABLE invoices ADD COLUMN proration jsonb;
