CREATE TABLE "marks" (
	"student_id" text NOT NULL,
	"subject_code" integer NOT NULL,
	"marks" integer,
	"updated_by" uuid NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "marks_student_id_subject_code_pk" PRIMARY KEY("student_id","subject_code"),
	CONSTRAINT "marks_range" CHECK ("marks"."marks" >= 0)
);
--> statement-breakpoint
ALTER TABLE "subjects" ADD COLUMN "exam_year" integer DEFAULT extract(year from (now() at time zone 'Asia/Kolkata'))::int NOT NULL;--> statement-breakpoint
ALTER TABLE "subjects" ADD COLUMN "max_marks" integer DEFAULT 100 NOT NULL;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "seat_number" text;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "seat_serial" integer;--> statement-breakpoint
ALTER TABLE "marks" ADD CONSTRAINT "marks_student_id_students_student_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("student_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marks" ADD CONSTRAINT "marks_subject_code_subjects_subject_code_fk" FOREIGN KEY ("subject_code") REFERENCES "public"."subjects"("subject_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marks" ADD CONSTRAINT "marks_updated_by_users_uuid_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("uuid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "marks_subject_idx" ON "marks" USING btree ("subject_code");--> statement-breakpoint
CREATE INDEX "subjects_year_standard_idx" ON "subjects" USING btree ("exam_year","standard");--> statement-breakpoint
CREATE UNIQUE INDEX "students_seat_serial_uq" ON "students" USING btree ("exam_year","seat_serial");--> statement-breakpoint
CREATE UNIQUE INDEX "students_seat_number_uq" ON "students" USING btree ("seat_number");--> statement-breakpoint
ALTER TABLE "subjects" ADD CONSTRAINT "subjects_max_marks" CHECK ("subjects"."max_marks" between 1 and 1000);--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_seat_pair" CHECK (("students"."seat_number" is null) = ("students"."seat_serial" is null));--> statement-breakpoint
-- Hand-written: the ranks version. Every change ranks depend on (a mark, a student's centre, standard or
-- exam year, a paper) bumps the counter 'ranks-version' in the same transaction; an API instance that
-- keeps ranks in memory checks it on each lookup (apps/api/src/modules/exam/results.service.ts).
CREATE FUNCTION bump_ranks_version() RETURNS trigger AS $$
BEGIN
  INSERT INTO counters (key, value) VALUES ('ranks-version', 1)
    ON CONFLICT (key) DO UPDATE SET value = counters.value + 1;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER marks_ranks_version AFTER INSERT OR UPDATE OR DELETE ON marks
  FOR EACH ROW EXECUTE FUNCTION bump_ranks_version();
--> statement-breakpoint
CREATE TRIGGER students_ranks_version AFTER UPDATE ON students
  FOR EACH ROW WHEN (OLD.exam_centre_id IS DISTINCT FROM NEW.exam_centre_id OR OLD.standard IS DISTINCT FROM NEW.standard
    OR OLD.exam_year IS DISTINCT FROM NEW.exam_year)
  EXECUTE FUNCTION bump_ranks_version();
--> statement-breakpoint
CREATE TRIGGER students_deleted_ranks_version AFTER DELETE ON students
  FOR EACH ROW EXECUTE FUNCTION bump_ranks_version();
--> statement-breakpoint
CREATE TRIGGER subjects_ranks_version AFTER INSERT OR UPDATE OR DELETE ON subjects
  FOR EACH ROW EXECUTE FUNCTION bump_ranks_version();
