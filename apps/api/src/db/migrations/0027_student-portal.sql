CREATE TABLE "attempt_answers" (
	"attempt_id" uuid NOT NULL,
	"question_id" integer NOT NULL,
	"answer" jsonb,
	"review" boolean DEFAULT false NOT NULL,
	"seq" integer NOT NULL,
	"saved_at" timestamp with time zone NOT NULL,
	CONSTRAINT "attempt_answers_attempt_id_question_id_pk" PRIMARY KEY("attempt_id","question_id")
);
--> statement-breakpoint
CREATE TABLE "chapters" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "chapters_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"subject_code" integer NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "online_tests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "online_tests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"title" text NOT NULL,
	"standards" jsonb NOT NULL,
	"branches" jsonb NOT NULL,
	"subject_codes" jsonb NOT NULL,
	"duration_minutes" integer NOT NULL,
	"opens_at" timestamp with time zone NOT NULL,
	"closes_at" timestamp with time zone NOT NULL,
	"attempts_allowed" integer DEFAULT 1 NOT NULL,
	"shuffle" boolean DEFAULT false NOT NULL,
	"show_answers" text NOT NULL,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "online_tests_window" CHECK ("online_tests"."closes_at" > "online_tests"."opens_at"),
	CONSTRAINT "online_tests_duration" CHECK ("online_tests"."duration_minutes" between 1 and 600),
	CONSTRAINT "online_tests_attempts" CHECK ("online_tests"."attempts_allowed" between 1 and 20),
	CONSTRAINT "online_tests_show" CHECK ("online_tests"."show_answers" in ('after_submit', 'after_close'))
);
--> statement-breakpoint
CREATE TABLE "portal_settings" (
	"name" text PRIMARY KEY NOT NULL,
	"enabled" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "questions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "questions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"chapter_id" integer NOT NULL,
	"type" text NOT NULL,
	"text_en" text,
	"text_mr" text,
	"image" text,
	"options" jsonb NOT NULL,
	"key" jsonb NOT NULL,
	"marks_x100" integer NOT NULL,
	"negative_x100" integer DEFAULT 0 NOT NULL,
	"difficulty" text NOT NULL,
	"explanation_en" text,
	"explanation_mr" text,
	"retired" boolean DEFAULT false NOT NULL,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "questions_type" CHECK ("questions"."type" in ('single', 'multiple', 'numeric', 'truefalse')),
	CONSTRAINT "questions_difficulty" CHECK ("questions"."difficulty" in ('easy', 'medium', 'hard')),
	CONSTRAINT "questions_marks" CHECK ("questions"."marks_x100" > 0 and "questions"."negative_x100" >= 0),
	CONSTRAINT "questions_text" CHECK ("questions"."text_en" is not null or "questions"."text_mr" is not null)
);
--> statement-breakpoint
CREATE TABLE "student_access" (
	"student_id" text PRIMARY KEY NOT NULL,
	"token_version" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "test_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"test_id" integer NOT NULL,
	"student_id" text NOT NULL,
	"number" integer NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"graded_at" timestamp with time zone,
	"timed_out" boolean DEFAULT false NOT NULL,
	"score_x100" integer,
	"correct" integer,
	"wrong" integer,
	"unanswered" integer,
	"by_chapter" jsonb,
	CONSTRAINT "test_attempts_end" CHECK ("test_attempts"."ends_at" > "test_attempts"."started_at")
);
--> statement-breakpoint
CREATE TABLE "test_questions" (
	"test_id" integer NOT NULL,
	"position" integer NOT NULL,
	"question_id" integer NOT NULL,
	CONSTRAINT "test_questions_test_id_position_pk" PRIMARY KEY("test_id","position")
);
--> statement-breakpoint
ALTER TABLE "attempt_answers" ADD CONSTRAINT "attempt_answers_attempt_id_test_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."test_attempts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attempt_answers" ADD CONSTRAINT "attempt_answers_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chapters" ADD CONSTRAINT "chapters_subject_code_subjects_subject_code_fk" FOREIGN KEY ("subject_code") REFERENCES "public"."subjects"("subject_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "online_tests" ADD CONSTRAINT "online_tests_created_by_users_uuid_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("uuid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_chapter_id_chapters_id_fk" FOREIGN KEY ("chapter_id") REFERENCES "public"."chapters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_created_by_users_uuid_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("uuid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_access" ADD CONSTRAINT "student_access_student_id_students_student_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("student_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_attempts" ADD CONSTRAINT "test_attempts_test_id_online_tests_id_fk" FOREIGN KEY ("test_id") REFERENCES "public"."online_tests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_attempts" ADD CONSTRAINT "test_attempts_student_id_students_student_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("student_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_questions" ADD CONSTRAINT "test_questions_test_id_online_tests_id_fk" FOREIGN KEY ("test_id") REFERENCES "public"."online_tests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_questions" ADD CONSTRAINT "test_questions_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chapters_subject_name_uq" ON "chapters" USING btree ("subject_code",lower("name"));--> statement-breakpoint
CREATE INDEX "online_tests_opens_idx" ON "online_tests" USING btree ("opens_at");--> statement-breakpoint
CREATE INDEX "questions_chapter_idx" ON "questions" USING btree ("chapter_id","difficulty");--> statement-breakpoint
CREATE UNIQUE INDEX "test_attempts_number_uq" ON "test_attempts" USING btree ("test_id","student_id","number");--> statement-breakpoint
CREATE INDEX "test_attempts_open_idx" ON "test_attempts" USING btree ("ends_at") WHERE "test_attempts"."graded_at" is null;--> statement-breakpoint
CREATE INDEX "test_attempts_student_idx" ON "test_attempts" USING btree ("student_id");--> statement-breakpoint
CREATE UNIQUE INDEX "test_questions_question_uq" ON "test_questions" USING btree ("test_id","question_id");