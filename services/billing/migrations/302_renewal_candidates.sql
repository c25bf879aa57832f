-- The renewal runner's tick reads only the subscriptions that can have work (README "Renewals and dunning",
-- src/application/renewals/renewal-state.ts), not every subscription each minute.
-- Renewals by when they end: those still running a day from now are one range, the subscriptions they cover need
-- no invoice issued, and the range holds about one renewal per paying subscription however long its history.
CREATE INDEX invoices_renewal_ends ON invoices (period_end) INCLUDE (subscription_id)
  WHERE subscription_id IS NOT NULL;
-- Renewals still to collect, or with an attempt cut short: the few in dunning, not every invoice ever paid.
CREATE INDEX invoices_open_renewals ON invoices (subscription_id)
  WHERE status <> 'paid' OR attempt_in_flight IS NOT NULL;
