-- Every scrape, good or not, for the history charts: telemetry, not events, so plain rows pruned by age. The
-- charted figures are kept per scrape; the whole document only as the latest good one per subscription.
CREATE TABLE scrapes (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  subscription_id uuid NOT NULL,
  tenant_id uuid NOT NULL,
  domain_url text NOT NULL,
  fetched_at timestamptz NOT NULL,
  outcome text NOT NULL CHECK (outcome IN ('success', 'failure')),
  latency_ms integer NOT NULL,
  attempts smallint NOT NULL,
  http_status smallint,
  failure_kind text,
  reason text,
  missing_groups text[] NOT NULL DEFAULT '{}',
  cpu_percent double precision,
  memory_percent double precision,
  disk_percent double precision,
  response_time_ms double precision,
  error_rate_percent double precision
);
CREATE INDEX scrapes_subscription_time ON scrapes (subscription_id, fetched_at);
CREATE INDEX scrapes_time ON scrapes (fetched_at);
CREATE INDEX scrapes_tenant_time ON scrapes (tenant_id, fetched_at);

CREATE TABLE latest_documents (
  subscription_id uuid PRIMARY KEY,
  tenant_id uuid NOT NULL,
  domain_url text NOT NULL,
  document jsonb NOT NULL,
  missing_groups text[] NOT NULL,
  fetched_at timestamptz NOT NULL
);
CREATE INDEX latest_documents_tenant ON latest_documents (tenant_id, fetched_at DESC);

-- One row per scraped subscription: the current failure streak, and the row each scrape locks so two scrapes
-- of one subscription (the cycle and an on-demand fetch) record their streaks and alerts one after the other.
CREATE TABLE scrape_streaks (
  subscription_id uuid PRIMARY KEY,
  consecutive_failures integer NOT NULL,
  last_scraped_at timestamptz NOT NULL
);

CREATE TABLE alerts (
  id uuid PRIMARY KEY,
  subscription_id uuid NOT NULL,
  tenant_id uuid NOT NULL,
  kind text NOT NULL,
  value double precision NOT NULL,
  threshold double precision NOT NULL,
  message text NOT NULL,
  raised_at timestamptz NOT NULL,
  resolved_at timestamptz
);
-- At most one open alert of a kind per subscription.
CREATE UNIQUE INDEX alerts_open ON alerts (subscription_id, kind) WHERE resolved_at IS NULL;
CREATE INDEX alerts_raised ON alerts (raised_at);
