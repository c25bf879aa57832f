-- A subscription takes its tenant's owner as it is inserted (one primary-key lookup), so the projections' copy
-- after the recount lock (src/projections/tenant-figures.ts) finds nothing to change unless the tenant's row
-- landed after it: a second version of every new row made a rebuild write each subscription twice.
CREATE FUNCTION subscription_owner_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.owner_id := (SELECT owner_id FROM tenants WHERE id = NEW.tenant_id);
  RETURN NEW;
END $$;
CREATE TRIGGER subscription_owner_on_insert BEFORE INSERT ON subscriptions
  FOR EACH ROW EXECUTE FUNCTION subscription_owner_on_insert();

-- Room on each page for a new version of a row, so that the recounts' updates of a tenant's counters (no indexed
-- column changes) stay on the page (HOT) instead of adding an entry to each of the table's eight indexes, two of
-- them trigram GIN. Applies to pages written from now on.
ALTER TABLE tenants SET (fillfactor = 80);
