CREATE TABLE "settlement_accounts" (
	"position" integer PRIMARY KEY NOT NULL,
	"label" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "settlements" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "settlements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"counsellor_id" uuid NOT NULL,
	"amount_paise" integer NOT NULL,
	"payment_date" date NOT NULL,
	"remark" text NOT NULL,
	"proof_photo" text NOT NULL,
	"verify_status" text DEFAULT 'pending' NOT NULL,
	"rejection_reason" text,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "settlements_amount" CHECK ("settlements"."amount_paise" > 0),
	CONSTRAINT "settlements_status" CHECK ("settlements"."verify_status" in ('pending', 'verified', 'rejected'))
);
--> statement-breakpoint
ALTER TABLE "settlements" ADD CONSTRAINT "settlements_counsellor_id_users_uuid_fk" FOREIGN KEY ("counsellor_id") REFERENCES "public"."users"("uuid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlements" ADD CONSTRAINT "settlements_decided_by_users_uuid_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("uuid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "settlements_counsellor_idx" ON "settlements" USING btree ("counsellor_id","created_at");