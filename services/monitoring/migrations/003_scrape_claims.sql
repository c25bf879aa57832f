-- Which replica makes a subscription's scheduled scrape: each claims the subscription before scraping it, until
-- shortly before the next interval, and a replica that finds the claim held leaves that scrape to the holder. So
-- several replicas scrape each app once per interval between them, not once each. Times are the database's: one
-- clock for every replica.
CREATE TABLE scrape_claims (
  subscription_id uuid PRIMARY KEY,
  claimed_until timestamptz NOT NULL,
  -- host/pid of the replica, to tell from the table which one scrapes what.
  claimed_by text NOT NULL
);
