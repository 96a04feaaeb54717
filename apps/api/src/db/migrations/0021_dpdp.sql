CREATE TABLE "consent_codes" (
	"student_id" text PRIMARY KEY NOT NULL,
	"code_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"sent_by" uuid,
	"sent_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "consents" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "consents_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"student_id" text NOT NULL,
	"decision" text NOT NULL,
	"method" text,
	"notice_version" integer NOT NULL,
	"evidence_photo" text,
	"note" text,
	"recorded_by" uuid,
	"recorded_by_name" text NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "consents_decision" CHECK ("consents"."decision" in ('given', 'messages_refused', 'withdrawn')),
	CONSTRAINT "consents_method" CHECK ("consents"."method" is null or "consents"."method" in ('code', 'paper', 'portal')),
	CONSTRAINT "consents_paper_photo" CHECK (("consents"."method" = 'paper') = ("consents"."evidence_photo" is not null))
);
--> statement-breakpoint
CREATE TABLE "privacy_notices" (
	"version" integer PRIMARY KEY NOT NULL,
	"body" jsonb NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Students registered before consent was asked: 'not_recorded' (docs/decisions/0xD-dpdp-consent.md); every
-- registration from now on starts 'held' until the parent's consent is recorded.
ALTER TABLE "students" ADD COLUMN "consent_state" text DEFAULT 'not_recorded' NOT NULL;--> statement-breakpoint
ALTER TABLE "students" ALTER COLUMN "consent_state" SET DEFAULT 'held';--> statement-breakpoint
ALTER TABLE "consent_codes" ADD CONSTRAINT "consent_codes_student_id_students_student_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("student_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consent_codes" ADD CONSTRAINT "consent_codes_sent_by_users_uuid_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."users"("uuid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consents" ADD CONSTRAINT "consents_student_id_students_student_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("student_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consents" ADD CONSTRAINT "consents_notice_version_privacy_notices_version_fk" FOREIGN KEY ("notice_version") REFERENCES "public"."privacy_notices"("version") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consents" ADD CONSTRAINT "consents_recorded_by_users_uuid_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("uuid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consents_student_idx" ON "consents" USING btree ("student_id","id");--> statement-breakpoint
CREATE INDEX "students_consent_waiting_idx" ON "students" USING btree ("created_at") WHERE "students"."consent_state" in ('held', 'not_recorded');--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_consent_state" CHECK ("students"."consent_state" in ('held', 'given', 'messages_refused', 'withdrawn', 'not_recorded'));