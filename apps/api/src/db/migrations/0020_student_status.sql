ALTER TABLE "students" ADD COLUMN "status" text DEFAULT 'active' NOT NULL;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "withdrawal_reason" text;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "withdrawn_on" date;--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_status" CHECK ("students"."status" in ('active', 'inactive'));--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_withdrawal" CHECK (("students"."status" = 'inactive') = ("students"."withdrawal_reason" is not null) and ("students"."withdrawal_reason" is null) = ("students"."withdrawn_on" is null));--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_inactive_unseated" CHECK ("students"."status" = 'active' or "students"."seat_number" is null);