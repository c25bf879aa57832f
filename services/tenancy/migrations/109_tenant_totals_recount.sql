-- The totals counted afresh from the tenants rows, which a projection's reset calls so that a rebuild recomputes
-- them rather than trusting what they were. Exact: once this transaction holds the totals row, which every
-- writer of tenants takes first (107_tenant_totals.sql) and keeps to its commit, no other transaction has a
-- change to a tenant outstanding, and the count, a statement of its own, sees every committed one.
CREATE FUNCTION tenant_totals_recount() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM FROM tenant_totals FOR UPDATE;
  UPDATE tenant_totals SET
    (tenants, active_tenants, suspended_tenants, total_spent_cents, subscriptions, active_subscriptions) = (
      SELECT count(*), count(*) FILTER (WHERE status = 'active'), count(*) FILTER (WHERE status = 'suspended'),
        coalesce(sum(total_spent_cents), 0), coalesce(sum(subscription_count), 0),
        coalesce(sum(active_subscriptions), 0)
      FROM tenants
    );
END $$;
