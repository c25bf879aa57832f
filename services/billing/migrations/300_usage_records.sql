-- Usage metering (README "Usage metering"): the gateway's usage batches, summed per user, metric and UTC day.
-- Fed from NATS rather than billing's event store; the GATEWAY stream keeps every batch, so replaying it into
-- emptied tables rebuilds them.

-- Each batch stored once, whichever path brings it (the consumer, the demo seed): the batch's own id decides.
CREATE TABLE usage_batches (
  batch_id uuid PRIMARY KEY,
  gateway_instance text NOT NULL,
  period_start timestamptz NOT NULL,
  period_end timestamptz NOT NULL,
  stored_at timestamptz NOT NULL DEFAULT now()
);

-- One row per user, metric and UTC day with any use, however many batches fed it: bounded by days, not traffic.
CREATE TABLE usage_records (
  user_id uuid NOT NULL,
  day date NOT NULL,
  metric text NOT NULL,
  quantity bigint NOT NULL CHECK (quantity >= 0),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, day, metric)
);
