CREATE TABLE "concessions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "concessions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"student_id" text NOT NULL,
	"amount_paise" integer NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"requested_by" uuid NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"decision_reason" text,
	CONSTRAINT "concessions_amount" CHECK ("concessions"."amount_paise" > 0),
	CONSTRAINT "concessions_status" CHECK ("concessions"."status" in ('requested', 'approved', 'rejected')),
	CONSTRAINT "concessions_decided" CHECK (("concessions"."status" = 'requested') = ("concessions"."decided_by" is null) and ("concessions"."decided_by" is null) = ("concessions"."decided_at" is null)),
	CONSTRAINT "concessions_rejection_reason" CHECK ("concessions"."status" <> 'rejected' or "concessions"."decision_reason" is not null)
);
--> statement-breakpoint
CREATE TABLE "courses" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "courses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"session_id" integer NOT NULL,
	"name" text NOT NULL,
	"standard" text NOT NULL,
	"branches" jsonb NOT NULL,
	"fee_paise" integer NOT NULL,
	"plan" jsonb DEFAULT '{"kind":"amount","instalments":[]}'::jsonb NOT NULL,
	"offered" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "courses_fee" CHECK ("courses"."fee_paise" > 0),
	CONSTRAINT "courses_standard" CHECK ("courses"."standard" in ('9th+10th', '10th', '11th+12th', '12th'))
);
--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "course_id" integer;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "fee_paise" integer;--> statement-breakpoint
-- Every student so far owes the fee they registered with: no concession yet.
UPDATE "students" SET "fee_paise" = "total_paise";--> statement-breakpoint
ALTER TABLE "students" ALTER COLUMN "fee_paise" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "concession_paise" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "fee_plan" jsonb;--> statement-breakpoint
ALTER TABLE "concessions" ADD CONSTRAINT "concessions_student_id_students_student_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("student_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "concessions" ADD CONSTRAINT "concessions_requested_by_users_uuid_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("uuid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "concessions" ADD CONSTRAINT "concessions_decided_by_users_uuid_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("uuid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_session_id_exam_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."exam_sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "concessions_student_idx" ON "concessions" USING btree ("student_id","requested_at");--> statement-breakpoint
CREATE INDEX "concessions_status_idx" ON "concessions" USING btree ("status","requested_at");--> statement-breakpoint
CREATE UNIQUE INDEX "courses_session_name_uq" ON "courses" USING btree ("session_id",lower("name"));--> statement-breakpoint
CREATE INDEX "courses_session_standard_idx" ON "courses" USING btree ("session_id","standard");--> statement-breakpoint
CREATE INDEX "students_course_idx" ON "students" USING btree ("course_id");--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_fee" CHECK ("students"."total_paise" = "students"."fee_paise" - "students"."concession_paise" and "students"."concession_paise" >= 0);--> statement-breakpoint
-- Every existing session offers SPEC §9's four courses with their fees and branches (the constants of
-- packages/domain/src/standards.rules.ts until now), no instalment plan: a fresh install and an upgraded
-- one behave as before. A session created later gets them from the app (sessions.repository.ts).
INSERT INTO "courses" ("session_id", "name", "standard", "branches", "fee_paise")
SELECT s."id", d."standard", d."standard", d."branches"::jsonb, d."fee_paise"
FROM "exam_sessions" s
CROSS JOIN (VALUES
  ('9th+10th', '["Marathi","Semi-English","English"]', 585000, 1),
  ('10th', '["Marathi","Semi-English","English"]', 585000, 2),
  ('11th+12th', '["PCM","PCB","PCMB"]', 985000, 3),
  ('12th', '["PCM","PCB","PCMB"]', 790000, 4)
) AS d("standard", "branches", "fee_paise", "position")
ORDER BY s."id", d."position";--> statement-breakpoint
-- Each student's course: their fee standard's course in the session of their exam year (the session's own
-- year for 10th and 12th, its two-year year for the two-year courses; the earliest such session).
UPDATE "students" st SET "course_id" = (
  SELECT c."id" FROM "courses" c JOIN "exam_sessions" s ON s."id" = c."session_id"
  WHERE c."standard" = st."payment_standard"
    AND (CASE WHEN st."standard" IN ('9th+10th', '11th+12th') THEN s."two_year_exam_year" ELSE s."exam_year" END) = st."exam_year"
  ORDER BY s."id" LIMIT 1
);--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE no action ON UPDATE no action;
