ALTER TABLE "settlements" DROP CONSTRAINT "settlements_status";--> statement-breakpoint
ALTER TABLE "challans" ADD COLUMN "received_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "challans" ADD COLUMN "received_by" uuid;--> statement-breakpoint
ALTER TABLE "challans" ADD COLUMN "signed_copy_photo" text;--> statement-breakpoint
ALTER TABLE "settlements" ADD COLUMN "withdrawn_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "settlements" ADD COLUMN "reversal_reason" text;--> statement-breakpoint
ALTER TABLE "settlements" ADD COLUMN "reversed_by" uuid;--> statement-breakpoint
ALTER TABLE "settlements" ADD COLUMN "reversed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "challans" ADD CONSTRAINT "challans_received_by_users_uuid_fk" FOREIGN KEY ("received_by") REFERENCES "public"."users"("uuid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlements" ADD CONSTRAINT "settlements_reversed_by_users_uuid_fk" FOREIGN KEY ("reversed_by") REFERENCES "public"."users"("uuid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "challans" ADD CONSTRAINT "challans_receipt" CHECK (("challans"."received_at" is null) = ("challans"."signed_copy_photo" is null));--> statement-breakpoint
ALTER TABLE "settlements" ADD CONSTRAINT "settlements_reversal" CHECK (("settlements"."verify_status" = 'reversed') = ("settlements"."reversal_reason" is not null and "settlements"."reversed_at" is not null));--> statement-breakpoint
ALTER TABLE "settlements" ADD CONSTRAINT "settlements_status" CHECK ("settlements"."verify_status" in ('pending', 'verified', 'rejected', 'withdrawn', 'reversed'));