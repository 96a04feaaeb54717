CREATE TABLE "visiting_records" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "visiting_records_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"student_name" text NOT NULL,
	"gender" text NOT NULL,
	"dob" date NOT NULL,
	"address" text NOT NULL,
	"pincode" text NOT NULL,
	"standard" text NOT NULL,
	"previous_year" text NOT NULL,
	"branch" text NOT NULL,
	"school_college" text NOT NULL,
	"previous_year_percent_bp" integer NOT NULL,
	"email" text NOT NULL,
	"student_no" text NOT NULL,
	"parents_no" text NOT NULL,
	"notification_no" text NOT NULL,
	"demo_given" text NOT NULL,
	"reason" text NOT NULL,
	"mother_name" text NOT NULL,
	"created_by" uuid NOT NULL,
	"counsellor" text NOT NULL,
	"counsellor_branch" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "visiting_percent_range" CHECK ("visiting_records"."previous_year_percent_bp" between 0 and 10000)
);
--> statement-breakpoint
ALTER TABLE "visiting_records" ADD CONSTRAINT "visiting_records_created_by_users_uuid_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("uuid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "visiting_student_standard_idx" ON "visiting_records" USING btree ("student_no","standard");--> statement-breakpoint
CREATE INDEX "visiting_created_by_idx" ON "visiting_records" USING btree ("created_by","created_at");--> statement-breakpoint
CREATE INDEX "visiting_created_at_idx" ON "visiting_records" USING btree ("created_at");