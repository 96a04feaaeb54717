CREATE TABLE "exam_centres" (
	"center_id" integer PRIMARY KEY NOT NULL,
	"center_name" text NOT NULL,
	"college_name" text NOT NULL,
	"capacity" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exam_centres_capacity" CHECK ("exam_centres"."capacity" >= 0),
	CONSTRAINT "exam_centres_id" CHECK ("exam_centres"."center_id" > 0)
);
--> statement-breakpoint
CREATE TABLE "subjects" (
	"subject_code" integer PRIMARY KEY NOT NULL,
	"subject_name" text NOT NULL,
	"language" text NOT NULL,
	"standard" text NOT NULL,
	"exam_date" date,
	"exam_time" text,
	"start_minute" smallint,
	"end_minute" smallint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subjects_standard" CHECK ("subjects"."standard" in ('10th', '12th')),
	CONSTRAINT "subjects_time_order" CHECK ("subjects"."end_minute" > "subjects"."start_minute")
);
--> statement-breakpoint
CREATE INDEX "subjects_standard_date_idx" ON "subjects" USING btree ("standard","exam_date");