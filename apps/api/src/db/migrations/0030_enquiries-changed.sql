-- Every change of an enquiry is announced on the channel enquiries_changed. Each API instance listens and
-- empties the pages of the Visiting Table it keeps (apps/api/src/modules/visiting/enquiry-pages.ts).
-- One notice a statement: PostgreSQL folds identical notices of one transaction into one, so a bulk
-- change (an erasure, the retention run, the seed) sends one.
CREATE FUNCTION notify_enquiries_changed() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('enquiries_changed', '');
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER visiting_records_enquiries_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON visiting_records
  FOR EACH STATEMENT EXECUTE FUNCTION notify_enquiries_changed();
