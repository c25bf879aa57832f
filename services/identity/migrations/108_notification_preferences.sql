-- The Settings notification switches per user (UserNotificationPreferencesChanged). The defaults are SPEC.md §2's,
-- the same as an account that never changed a switch replays to, so existing rows need no rebuild.
ALTER TABLE users
  ADD COLUMN notify_email boolean NOT NULL DEFAULT true,
  ADD COLUMN notify_push boolean NOT NULL DEFAULT false,
  ADD COLUMN notify_security_alerts boolean NOT NULL DEFAULT true;
