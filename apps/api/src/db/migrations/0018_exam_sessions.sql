CREATE TABLE "exam_sessions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "exam_sessions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"exam_year" integer NOT NULL,
	"two_year_exam_year" integer NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"open_for_registration" boolean DEFAULT false NOT NULL,
	"hall_tickets_released" boolean DEFAULT false NOT NULL,
	"results_released" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exam_sessions_two_year" CHECK ("exam_sessions"."two_year_exam_year" > "exam_sessions"."exam_year"),
	CONSTRAINT "exam_sessions_dates" CHECK ("exam_sessions"."ends_on" >= "exam_sessions"."starts_on")
);
--> statement-breakpoint
ALTER TABLE "subjects" ALTER COLUMN "exam_year" DROP DEFAULT;--> statement-breakpoint
CREATE UNIQUE INDEX "exam_sessions_name_uq" ON "exam_sessions" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "exam_sessions_exam_year_uq" ON "exam_sessions" USING btree ("exam_year");--> statement-breakpoint
CREATE UNIQUE INDEX "exam_sessions_open_uq" ON "exam_sessions" USING btree ("open_for_registration") WHERE "exam_sessions"."open_for_registration";--> statement-breakpoint
CREATE TABLE "hall_ticket_allowances" (
	"student_id" text PRIMARY KEY NOT NULL,
	"reason" text NOT NULL,
	"allowed_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "exam_sessions" ADD COLUMN "hold_tickets_while_overdue" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "hall_ticket_allowances" ADD CONSTRAINT "hall_ticket_allowances_student_id_students_student_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("student_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hall_ticket_allowances" ADD CONSTRAINT "hall_ticket_allowances_allowed_by_users_uuid_fk" FOREIGN KEY ("allowed_by") REFERENCES "public"."users"("uuid") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
-- Existing data moves into sessions without loss (docs/decisions/007-exam-sessions.md). A database that
-- already holds data gets a first session, open for registration, for the exam year its papers were set
-- for (else its 10th/12th students', else this year in India): the year currentExamYear() gave them. The
-- flags of setting_flags become that session's releases. Every other exam year its students or papers
-- name (the two-year courses' next year) gets a session of its own, not open. A new, empty database
-- gets its first session at bootstrap, from the app's clock.
WITH first_year AS (
  SELECT coalesce(
    (SELECT max(exam_year) FROM subjects),
    (SELECT max(exam_year) FROM students WHERE standard IN ('10th', '12th')),
    extract(year FROM (now() AT TIME ZONE 'Asia/Kolkata'))::int
  ) AS year
  WHERE EXISTS (SELECT 1 FROM setting_flags) OR EXISTS (SELECT 1 FROM students) OR EXISTS (SELECT 1 FROM subjects)
)
INSERT INTO exam_sessions (name, exam_year, two_year_exam_year, starts_on, ends_on, open_for_registration,
  hall_tickets_released, results_released)
SELECT 'Mock Board Exams ' || year || '-' || lpad(((year + 1) % 100)::text, 2, '0'), year, year + 1,
  make_date(year, 6, 1), make_date(year + 1, 3, 31), true,
  coalesce((SELECT flag_value = 'true' FROM setting_flags WHERE flag_name = 'HALLTICKET'), false),
  coalesce((SELECT flag_value = 'true' FROM setting_flags WHERE flag_name = 'RESULT'), false)
FROM first_year;
--> statement-breakpoint
INSERT INTO exam_sessions (name, exam_year, two_year_exam_year, starts_on, ends_on)
SELECT 'Mock Board Exams ' || year || '-' || lpad(((year + 1) % 100)::text, 2, '0'), year, year + 1,
  make_date(year, 6, 1), make_date(year + 1, 3, 31)
FROM (SELECT exam_year AS year FROM students UNION SELECT exam_year FROM subjects) AS years
WHERE year NOT IN (SELECT exam_year FROM exam_sessions);
--> statement-breakpoint
-- A session's releases are what the public lookups read: announce their changes like the flags'.
CREATE TRIGGER exam_sessions_lookups_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON exam_sessions
  FOR EACH STATEMENT EXECUTE FUNCTION notify_lookups_changed();
--> statement-breakpoint
-- The releases now live in exam_sessions (copied above); the SPEC flag routes act on the session open for registration.
DROP TABLE "setting_flags" CASCADE;
