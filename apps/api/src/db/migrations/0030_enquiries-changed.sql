-- A trigger function for any channel: `EXECUTE FUNCTION notify_channel('name')` announces the change on it
-- with an empty payload (every entry goes). PostgreSQL folds identical notices of one transaction into one,
-- so a bulk change (an erasure, the retention run, the seed) sends one.
CREATE FUNCTION notify_channel() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify(TG_ARGV[0], '');
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- Every change of an enquiry is announced on enquiries_changed. Each API instance listens and empties the
-- pages of the Visiting Table it keeps (apps/api/src/modules/visiting/enquiry-pages.ts).
CREATE TRIGGER visiting_records_enquiries_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON visiting_records
  FOR EACH STATEMENT EXECUTE FUNCTION notify_channel('enquiries_changed');
