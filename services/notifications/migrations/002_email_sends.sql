-- One row per message to one recipient (README "Sends"), written in the transaction that records the event it
-- answers, so a redelivered event finds the row and sends nothing twice. The sender renders `payload` with the
-- message's template when the row is due, and records each attempt here.
CREATE TABLE email_sends (
  send_id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  event_id text NOT NULL,
  message text NOT NULL,
  recipient_id uuid NOT NULL,
  recipient_email text NOT NULL,
  payload jsonb NOT NULL,
  -- pending (due at next_attempt_at), sent, or failed (every attempt used).
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL,
  last_error text,
  -- The SMTP server's queue id or Message-ID once accepted.
  provider_message_id text,
  created_at timestamptz NOT NULL,
  sent_at timestamptz,
  UNIQUE (event_id, recipient_id, message)
);
CREATE INDEX email_sends_due ON email_sends (next_attempt_at) WHERE status = 'pending';
