-- Every change to a user row is announced on the channel users_changed with the user's uuid,
-- so each API instance drops its cached copy (sessions are checked against that cache).
CREATE FUNCTION notify_user_changed() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('users_changed', COALESCE(NEW.uuid, OLD.uuid)::text);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER users_changed AFTER UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION notify_user_changed();
