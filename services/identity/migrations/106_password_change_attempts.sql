-- Password changes (POST /api/auth/password) check the current password, so they count against the same
-- per-account and per-address limits as sign-in: guessing through either path spends one budget.
ALTER TABLE login_attempts DROP CONSTRAINT login_attempts_kind_check;
ALTER TABLE login_attempts
  ADD CONSTRAINT login_attempts_kind_check CHECK (kind IN ('sign-in', 'sign-up', 'password-change'));
