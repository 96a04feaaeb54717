-- Every change the public lookups (hall ticket, result) depend on is announced on the channel
-- lookups_changed: a student, a centre, a mark, a paper, a setting flag. Each API instance listens and
-- empties its lookup cache (apps/api/src/modules/exam/lookup-cache.ts). PostgreSQL folds identical
-- notices of one transaction into one, so a marks upload sends one.
CREATE FUNCTION notify_lookups_changed() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('lookups_changed', '');
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- A student: only what a lookup prints or checks (a payment updates the row too, and says nothing). A new
-- student needs no notice: an unknown ID is never kept.
CREATE TRIGGER students_lookups_changed AFTER UPDATE ON students
  FOR EACH ROW WHEN ((OLD.student_id, OLD.student_name, OLD.mother_name, OLD.standard, OLD.branch, OLD.exam_year,
    OLD.seat_number, OLD.student_photo, OLD.exam_centre_id) IS DISTINCT FROM (NEW.student_id, NEW.student_name,
    NEW.mother_name, NEW.standard, NEW.branch, NEW.exam_year, NEW.seat_number, NEW.student_photo, NEW.exam_centre_id))
  EXECUTE FUNCTION notify_lookups_changed();
--> statement-breakpoint
CREATE TRIGGER students_removed_lookups_changed AFTER DELETE OR TRUNCATE ON students
  FOR EACH STATEMENT EXECUTE FUNCTION notify_lookups_changed();
--> statement-breakpoint
CREATE TRIGGER exam_centres_lookups_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON exam_centres
  FOR EACH STATEMENT EXECUTE FUNCTION notify_lookups_changed();
--> statement-breakpoint
CREATE TRIGGER marks_lookups_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON marks
  FOR EACH STATEMENT EXECUTE FUNCTION notify_lookups_changed();
--> statement-breakpoint
CREATE TRIGGER subjects_lookups_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON subjects
  FOR EACH STATEMENT EXECUTE FUNCTION notify_lookups_changed();
--> statement-breakpoint
CREATE TRIGGER setting_flags_lookups_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON setting_flags
  FOR EACH STATEMENT EXECUTE FUNCTION notify_lookups_changed();
--> statement-breakpoint
-- The ranks version of 0013 is replaced by this channel.
DROP TRIGGER marks_ranks_version ON marks;
--> statement-breakpoint
DROP TRIGGER students_ranks_version ON students;
--> statement-breakpoint
DROP TRIGGER students_deleted_ranks_version ON students;
--> statement-breakpoint
DROP TRIGGER subjects_ranks_version ON subjects;
--> statement-breakpoint
DROP FUNCTION bump_ranks_version();
--> statement-breakpoint
DELETE FROM counters WHERE key = 'ranks-version';
