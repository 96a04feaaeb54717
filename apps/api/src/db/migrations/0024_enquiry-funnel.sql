CREATE TABLE "enquiry_follow_ups" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "enquiry_follow_ups_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"enquiry_id" integer NOT NULL,
	"kind" text NOT NULL,
	"done_on" date NOT NULL,
	"outcome" text NOT NULL,
	"note" text,
	"next_follow_up_on" date,
	"by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "follow_ups_kind" CHECK ("enquiry_follow_ups"."kind" in ('call', 'visit'))
);
--> statement-breakpoint
ALTER TABLE "visiting_records" ALTER COLUMN "gender" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "visiting_records" ALTER COLUMN "dob" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "visiting_records" ALTER COLUMN "address" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "visiting_records" ALTER COLUMN "pincode" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "visiting_records" ALTER COLUMN "previous_year" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "visiting_records" ALTER COLUMN "branch" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "visiting_records" ALTER COLUMN "school_college" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "visiting_records" ALTER COLUMN "previous_year_percent_bp" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "visiting_records" ALTER COLUMN "email" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "visiting_records" ALTER COLUMN "student_no" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "visiting_records" ALTER COLUMN "notification_no" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "visiting_records" ALTER COLUMN "demo_given" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "visiting_records" ALTER COLUMN "reason" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "visiting_records" ALTER COLUMN "mother_name" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "visiting_records" ALTER COLUMN "created_by" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "visiting_records" ALTER COLUMN "counsellor" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "visiting_records" ALTER COLUMN "counsellor_branch" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "visiting_records" ADD COLUMN "source" text DEFAULT 'walk-in' NOT NULL;--> statement-breakpoint
ALTER TABLE "visiting_records" ADD COLUMN "stage" text DEFAULT 'new' NOT NULL;--> statement-breakpoint
ALTER TABLE "visiting_records" ADD COLUMN "assigned_to" uuid;--> statement-breakpoint
ALTER TABLE "visiting_records" ADD COLUMN "city" text;--> statement-breakpoint
ALTER TABLE "visiting_records" ADD COLUMN "message" text;--> statement-breakpoint
ALTER TABLE "visiting_records" ADD COLUMN "next_follow_up_on" date;--> statement-breakpoint
ALTER TABLE "enquiry_follow_ups" ADD CONSTRAINT "enquiry_follow_ups_enquiry_id_visiting_records_id_fk" FOREIGN KEY ("enquiry_id") REFERENCES "public"."visiting_records"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enquiry_follow_ups" ADD CONSTRAINT "enquiry_follow_ups_by_users_uuid_fk" FOREIGN KEY ("by") REFERENCES "public"."users"("uuid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "follow_ups_enquiry_idx" ON "enquiry_follow_ups" USING btree ("enquiry_id","id");--> statement-breakpoint
CREATE INDEX "follow_ups_by_idx" ON "enquiry_follow_ups" USING btree ("by","done_on");--> statement-breakpoint
ALTER TABLE "visiting_records" ADD CONSTRAINT "visiting_records_assigned_to_users_uuid_fk" FOREIGN KEY ("assigned_to") REFERENCES "public"."users"("uuid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "visiting_assigned_follow_up_idx" ON "visiting_records" USING btree ("assigned_to","next_follow_up_on");--> statement-breakpoint
ALTER TABLE "visiting_records" ADD CONSTRAINT "visiting_form_whole" CHECK ("visiting_records"."source" = 'website' or ("visiting_records"."gender" is not null and "visiting_records"."dob" is not null and "visiting_records"."address" is not null and "visiting_records"."pincode" is not null and "visiting_records"."previous_year" is not null and "visiting_records"."branch" is not null and "visiting_records"."school_college" is not null and "visiting_records"."previous_year_percent_bp" is not null and "visiting_records"."email" is not null and "visiting_records"."student_no" is not null and "visiting_records"."notification_no" is not null and "visiting_records"."demo_given" is not null and "visiting_records"."reason" is not null and "visiting_records"."mother_name" is not null and "visiting_records"."created_by" is not null and "visiting_records"."counsellor" is not null and "visiting_records"."counsellor_branch" is not null));--> statement-breakpoint
ALTER TABLE "visiting_records" ADD CONSTRAINT "visiting_source" CHECK ("visiting_records"."source" in ('walk-in', 'school visit', 'seminar', 'website', 'referral', 'phone call', 'other'));--> statement-breakpoint
ALTER TABLE "visiting_records" ADD CONSTRAINT "visiting_stage" CHECK ("visiting_records"."stage" in ('new', 'contacted', 'interested'));--> statement-breakpoint
-- Backfill (issue 26): every enquiry recorded so far is a walk-in (the column default) followed up by whoever recorded it.
UPDATE "visiting_records" SET "assigned_to" = "created_by" WHERE "assigned_to" IS NULL;
