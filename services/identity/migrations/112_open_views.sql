-- Admins' views of customers' accounts that have not ended yet (issue 21 item 3), for the expiry runner to end
-- each one once its 30 minutes are over, even when its admin never comes back. A view that ends leaves the table.
CREATE TABLE open_views (
  session_id uuid PRIMARY KEY,
  expires_at timestamptz NOT NULL
);
CREATE INDEX open_views_expires ON open_views (expires_at);
