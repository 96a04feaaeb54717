ALTER TABLE "visiting_records" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "visiting_records" ADD COLUMN "closed_reason" text;--> statement-breakpoint
ALTER TABLE "visiting_records" ADD COLUMN "closed_note" text;--> statement-breakpoint
ALTER TABLE "visiting_records" ADD COLUMN "closed_by" uuid;--> statement-breakpoint
ALTER TABLE "visiting_records" ADD CONSTRAINT "visiting_records_closed_by_users_uuid_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("uuid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visiting_records" ADD CONSTRAINT "visiting_closed_whole" CHECK (("visiting_records"."closed_at" is null) = ("visiting_records"."closed_reason" is null) and ("visiting_records"."closed_at" is null) = ("visiting_records"."closed_by" is null));--> statement-breakpoint
ALTER TABLE "visiting_records" ADD CONSTRAINT "visiting_closed_reason" CHECK ("visiting_records"."closed_reason" is null or "visiting_records"."closed_reason" in ('Duplicate', 'Wrong entry', 'Not interested', 'Other'));