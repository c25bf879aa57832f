-- A send may be cancelled rather than sent or failed: a password-setup link that a newer one replaced, or that
-- expired before it went out, is not worth mailing (README "The password-setup link"). Its last_error says why.
ALTER TABLE email_sends DROP CONSTRAINT email_sends_status_check;
ALTER TABLE email_sends ADD CONSTRAINT email_sends_status_check
  CHECK (status IN ('pending', 'sent', 'failed', 'cancelled'));
-- The newest link cancels its recipient's earlier pending ones: found by index.
CREATE INDEX email_sends_pending_by_recipient ON email_sends (recipient_id, message) WHERE status = 'pending';
