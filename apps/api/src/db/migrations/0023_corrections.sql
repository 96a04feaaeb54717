CREATE TABLE "cancellation_requests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cancellation_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"payment_id" integer NOT NULL,
	"reason" text NOT NULL,
	"requested_by" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"rejection_reason" text,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cancellation_requests_status" CHECK ("cancellation_requests"."status" in ('pending', 'approved', 'rejected')),
	CONSTRAINT "cancellation_requests_decided" CHECK (("cancellation_requests"."status" = 'pending') = ("cancellation_requests"."decided_at" is null))
);
--> statement-breakpoint
CREATE TABLE "gst_settings" (
	"id" integer PRIMARY KEY NOT NULL,
	"gstin" text,
	"legal_name" text NOT NULL,
	"address" text NOT NULL,
	"bank_name" text NOT NULL,
	"bank_account" text NOT NULL,
	"ifsc" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gst_settings_one_row" CHECK ("gst_settings"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "refunds_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"voucher_no" text NOT NULL,
	"student_id" text NOT NULL,
	"payment_id" integer NOT NULL,
	"amount_paise" integer NOT NULL,
	"refund_mode" text NOT NULL,
	"refunded_on" date NOT NULL,
	"reason" text NOT NULL,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refunds_voucher_no_unique" UNIQUE("voucher_no"),
	CONSTRAINT "refunds_amount" CHECK ("refunds"."amount_paise" > 0),
	CONSTRAINT "refunds_mode" CHECK ("refunds"."refund_mode" in ('Cash', 'Online', 'Cheque'))
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "cancelled_by" uuid;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "gstin" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "taxable_paise" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "cgst_paise" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "sgst_paise" integer;--> statement-breakpoint
ALTER TABLE "cancellation_requests" ADD CONSTRAINT "cancellation_requests_payment_id_payments_payment_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("payment_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cancellation_requests" ADD CONSTRAINT "cancellation_requests_requested_by_users_uuid_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("uuid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cancellation_requests" ADD CONSTRAINT "cancellation_requests_decided_by_users_uuid_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("uuid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_student_id_students_student_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("student_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_payment_id_payments_payment_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("payment_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_created_by_users_uuid_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("uuid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cancellation_requests_pending_uq" ON "cancellation_requests" USING btree ("payment_id") WHERE "cancellation_requests"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "cancellation_requests_status_idx" ON "cancellation_requests" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "refunds_student_idx" ON "refunds" USING btree ("student_id","created_at");--> statement-breakpoint
CREATE INDEX "refunds_payment_idx" ON "refunds" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "refunds_refunded_on_idx" ON "refunds" USING btree ("refunded_on");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_cancelled_by_users_uuid_fk" FOREIGN KEY ("cancelled_by") REFERENCES "public"."users"("uuid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_cancelled" CHECK (("payments"."cancelled_at" is null) = ("payments"."cancelled_by" is null) and ("payments"."cancelled_at" is null) = ("payments"."cancel_reason" is null));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_gst" CHECK (("payments"."gstin" is null and "payments"."taxable_paise" is null and "payments"."cgst_paise" is null and "payments"."sgst_paise" is null) or ("payments"."gstin" is not null and "payments"."taxable_paise" + "payments"."cgst_paise" + "payments"."sgst_paise" = "payments"."amount_paise" and "payments"."cgst_paise" >= 0 and "payments"."sgst_paise" >= 0));