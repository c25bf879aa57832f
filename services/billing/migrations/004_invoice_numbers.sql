-- Invoice numbers (INV-000001, …): unique and increasing, never reused. A sequence hands each caller its own
-- number without a lock held across the command, so concurrent checkouts never wait on each other; the price is
-- that a number taken by a command that then fails, or by a repeat that finds its invoice already issued, is
-- never used, leaving a gap. Gaps are accepted (numbers identify, they do not count); reuse never happens,
-- because nextval is never rolled back. Not a read model: a rebuild never touches it.
CREATE SEQUENCE invoice_numbers AS bigint START WITH 1 NO CYCLE;
