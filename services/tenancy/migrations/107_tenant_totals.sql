-- GET /api/admin/tenants/summary: the dashboards' tenant figures as one row, so the answer is one read however
-- many tenants there are. The figures are sums over the tenants rows, which three writers change: the tenants
-- projection (status), the subscription projection (the counters) and billing's paid invoices (total spent).
-- Triggers on tenants follow every change whichever of them made it, in that writer's own transaction, so no
-- writer can forget the totals and a projection's rebuild (a reset, then a replay) moves them with the rows.
CREATE TABLE tenant_totals (
  only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  tenants bigint NOT NULL,
  active_tenants bigint NOT NULL,
  suspended_tenants bigint NOT NULL,
  total_spent_cents bigint NOT NULL,
  subscriptions bigint NOT NULL,
  active_subscriptions bigint NOT NULL
);

-- Every statement that writes tenants takes the totals row before any tenant row: a writer of several statements
-- (the tenants projection's batch) then never holds the totals while waiting for a tenant row that another
-- writer holds while waiting for the totals.
CREATE FUNCTION tenant_totals_lock() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM FROM tenant_totals FOR UPDATE;
  RETURN NULL;
END $$;
CREATE TRIGGER tenant_totals_lock BEFORE INSERT OR UPDATE OR DELETE OR TRUNCATE ON tenants
  FOR EACH STATEMENT EXECUTE FUNCTION tenant_totals_lock();

-- Once per statement, over its rows: the figures of the rows after, less those of the rows before. A statement
-- that moves no figure (a rename, a revision, credentials) leaves the row alone. Transition tables exist only
-- for the trigger's own event, hence the branches.
CREATE FUNCTION tenant_totals_follow() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  after_rows tenant_totals := (true, 0, 0, 0, 0, 0, 0);
  before_rows tenant_totals := (true, 0, 0, 0, 0, 0, 0);
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    SELECT true, count(*), count(*) FILTER (WHERE status = 'active'), count(*) FILTER (WHERE status = 'suspended'),
      coalesce(sum(total_spent_cents), 0), coalesce(sum(subscription_count), 0),
      coalesce(sum(active_subscriptions), 0)
    INTO after_rows FROM new_rows;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    SELECT true, count(*), count(*) FILTER (WHERE status = 'active'), count(*) FILTER (WHERE status = 'suspended'),
      coalesce(sum(total_spent_cents), 0), coalesce(sum(subscription_count), 0),
      coalesce(sum(active_subscriptions), 0)
    INTO before_rows FROM old_rows;
  END IF;
  IF after_rows = before_rows THEN
    RETURN NULL;
  END IF;
  UPDATE tenant_totals SET
    tenants = tenants + after_rows.tenants - before_rows.tenants,
    active_tenants = active_tenants + after_rows.active_tenants - before_rows.active_tenants,
    suspended_tenants = suspended_tenants + after_rows.suspended_tenants - before_rows.suspended_tenants,
    total_spent_cents = total_spent_cents + after_rows.total_spent_cents - before_rows.total_spent_cents,
    subscriptions = subscriptions + after_rows.subscriptions - before_rows.subscriptions,
    active_subscriptions = active_subscriptions + after_rows.active_subscriptions - before_rows.active_subscriptions;
  RETURN NULL;
END $$;
CREATE TRIGGER tenant_totals_follow_inserts AFTER INSERT ON tenants
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION tenant_totals_follow();
CREATE TRIGGER tenant_totals_follow_updates AFTER UPDATE ON tenants
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION tenant_totals_follow();
CREATE TRIGGER tenant_totals_follow_deletes AFTER DELETE ON tenants
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION tenant_totals_follow();

-- TRUNCATE has no transition table: it leaves nothing to count.
CREATE FUNCTION tenant_totals_emptied() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE tenant_totals SET tenants = 0, active_tenants = 0, suspended_tenants = 0, total_spent_cents = 0,
    subscriptions = 0, active_subscriptions = 0;
  RETURN NULL;
END $$;
CREATE TRIGGER tenant_totals_follow_truncate AFTER TRUNCATE ON tenants
  FOR EACH STATEMENT EXECUTE FUNCTION tenant_totals_emptied();

-- Counted after the triggers exist: creating them locked writers out, so no change falls between count and trigger.
INSERT INTO tenant_totals
SELECT true, count(*), count(*) FILTER (WHERE status = 'active'), count(*) FILTER (WHERE status = 'suspended'),
  coalesce(sum(total_spent_cents), 0), coalesce(sum(subscription_count), 0),
  coalesce(sum(active_subscriptions), 0)
FROM tenants;
