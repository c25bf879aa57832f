-- The Admin Portal's user counters (GET /api/admin/users/summary): one row, read in O(1) instead of counting the
-- users on each call. Every account counts, deactivated ones too, as the list shows them.
--
-- Kept by statement triggers on `users` rather than by the projection's code: the rows are then counted exactly
-- as they are, whichever way they were written. The projection's batched inserts skip rows that are already there
-- (a replay), most updates change neither count, and a rebuild empties the table with TRUNCATE; a transition
-- table holds only the rows a statement really changed, and the TRUNCATE trigger zeroes the counts, so counts and
-- rows can never disagree. One statement of a batch adds its rows with one update of the counters.
CREATE TABLE user_counts (
  only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  total_users bigint NOT NULL CHECK (total_users >= 0),
  admin_users bigint NOT NULL CHECK (admin_users >= 0)
);

CREATE FUNCTION count_users() RETURNS trigger
LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
DECLARE
  users_change bigint := 0;
  admins_change bigint := 0;
  entering bigint;
  entering_admins bigint;
  leaving bigint;
  leaving_admins bigint;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE user_counts SET total_users = 0, admin_users = 0;
    RETURN NULL;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    SELECT count(*), count(*) FILTER (WHERE role = 'admin') INTO entering, entering_admins FROM entered;
    users_change := users_change + entering;
    admins_change := admins_change + entering_admins;
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    SELECT count(*), count(*) FILTER (WHERE role = 'admin') INTO leaving, leaving_admins FROM departed;
    users_change := users_change - leaving;
    admins_change := admins_change - leaving_admins;
  END IF;
  IF users_change <> 0 OR admins_change <> 0 THEN
    UPDATE user_counts
      SET total_users = total_users + users_change, admin_users = admin_users + admins_change;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER users_counted_insert AFTER INSERT ON users
  REFERENCING NEW TABLE AS entered FOR EACH STATEMENT EXECUTE FUNCTION count_users();
CREATE TRIGGER users_counted_update AFTER UPDATE ON users
  REFERENCING OLD TABLE AS departed NEW TABLE AS entered FOR EACH STATEMENT EXECUTE FUNCTION count_users();
CREATE TRIGGER users_counted_delete AFTER DELETE ON users
  REFERENCING OLD TABLE AS departed FOR EACH STATEMENT EXECUTE FUNCTION count_users();
CREATE TRIGGER users_counted_truncate AFTER TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION count_users();

-- The users already there; the triggers above hold writers off until this migration commits.
INSERT INTO user_counts (total_users, admin_users)
  SELECT count(*), count(*) FILTER (WHERE role = 'admin') FROM users;
