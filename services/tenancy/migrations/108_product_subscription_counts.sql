-- GET /api/admin/products/{id}/subscriptions/summary: a product's subscriptions by status as one row, so the
-- answer is one read however many subscriptions the product has. Kept by triggers on subscriptions, whose one
-- writer is the subscription projection (its checkpoint lock lets one batch write at a time): they follow every
-- insert, change and delete, a rebuild's reset and replay included. Per statement, over the statement's rows, so
-- a batch's multi-row insert costs one change per product rather than one per subscription.
CREATE TABLE product_subscription_counts (
  product_id uuid PRIMARY KEY,
  active bigint NOT NULL,
  trial bigint NOT NULL,
  suspended bigint NOT NULL,
  cancelled bigint NOT NULL
);

-- Adds each change (a subscription of `products[i]` with `statuses[i]`, counted `signs[i]` times), netted by
-- product; a product whose counts net to nothing is left alone.
CREATE FUNCTION product_subscription_counts_add(products uuid[], statuses text[], signs int[])
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO product_subscription_counts AS counts (product_id, active, trial, suspended, cancelled)
  SELECT * FROM (
    SELECT change.product_id,
      coalesce(sum(change.sign) FILTER (WHERE change.status = 'active'), 0) AS active,
      coalesce(sum(change.sign) FILTER (WHERE change.status = 'trial'), 0) AS trial,
      coalesce(sum(change.sign) FILTER (WHERE change.status = 'suspended'), 0) AS suspended,
      coalesce(sum(change.sign) FILTER (WHERE change.status = 'cancelled'), 0) AS cancelled
    FROM unnest(products, statuses, signs) AS change(product_id, status, sign)
    GROUP BY change.product_id
  ) AS net
  WHERE (net.active, net.trial, net.suspended, net.cancelled) <> (0, 0, 0, 0)
  ON CONFLICT (product_id) DO UPDATE SET
    active = counts.active + excluded.active,
    trial = counts.trial + excluded.trial,
    suspended = counts.suspended + excluded.suspended,
    cancelled = counts.cancelled + excluded.cancelled;
END $$;

-- Once per statement, over its rows: the rows after count +1, the rows before -1; an update only for the rows
-- whose product or status moved. Transition tables exist only for the trigger's own event, hence the branches.
CREATE FUNCTION product_subscription_counts_follow() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM product_subscription_counts_add(array_agg(product_id), array_agg(status), array_agg(1))
    FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM product_subscription_counts_add(array_agg(product_id), array_agg(status), array_agg(-1))
    FROM old_rows;
  ELSE
    PERFORM product_subscription_counts_add(array_agg(change.product_id), array_agg(change.status),
      array_agg(change.sign))
    FROM old_rows
    JOIN new_rows USING (id)
    CROSS JOIN LATERAL (VALUES (new_rows.product_id, new_rows.status, 1),
      (old_rows.product_id, old_rows.status, -1)) AS change(product_id, status, sign)
    WHERE (old_rows.product_id, old_rows.status) <> (new_rows.product_id, new_rows.status);
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER product_subscription_counts_follow_inserts AFTER INSERT ON subscriptions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION product_subscription_counts_follow();
CREATE TRIGGER product_subscription_counts_follow_updates AFTER UPDATE ON subscriptions
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION product_subscription_counts_follow();
CREATE TRIGGER product_subscription_counts_follow_deletes AFTER DELETE ON subscriptions
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION product_subscription_counts_follow();

-- TRUNCATE (the projection's reset) has no transition table: it leaves nothing to count.
CREATE FUNCTION product_subscription_counts_emptied() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM product_subscription_counts;
  RETURN NULL;
END $$;
CREATE TRIGGER product_subscription_counts_follow_truncate AFTER TRUNCATE ON subscriptions
  FOR EACH STATEMENT EXECUTE FUNCTION product_subscription_counts_emptied();

-- Counted after the triggers exist: creating them locked writers out, so no change falls between count and trigger.
INSERT INTO product_subscription_counts
SELECT product_id, count(*) FILTER (WHERE status = 'active'), count(*) FILTER (WHERE status = 'trial'),
  count(*) FILTER (WHERE status = 'suspended'), count(*) FILTER (WHERE status = 'cancelled')
FROM subscriptions
GROUP BY product_id;
