CREATE TABLE "idempotency_keys" (
	"user_uuid" uuid NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"status" integer NOT NULL,
	"response" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_user_uuid_key_pk" PRIMARY KEY("user_uuid","key")
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "system_receipt_no" text;--> statement-breakpoint
-- Payments recorded before receipt numbers existed (development data only) get a number of their own.
UPDATE "payments" SET "system_receipt_no" = 'EARLY/' || "payment_id" WHERE "system_receipt_no" IS NULL;--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "system_receipt_no" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_user_uuid_users_uuid_fk" FOREIGN KEY ("user_uuid") REFERENCES "public"."users"("uuid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_system_receipt_no_unique" UNIQUE("system_receipt_no");