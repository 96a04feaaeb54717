CREATE TABLE "access_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "access_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"at" timestamp with time zone NOT NULL,
	"actor_uuid" uuid NOT NULL,
	"actor_name" text NOT NULL,
	"actor_role" text NOT NULL,
	"what" text NOT NULL,
	"student_id" text,
	"detail" jsonb
);
--> statement-breakpoint
CREATE TABLE "breaches" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "breaches_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"title" text NOT NULL,
	"description" text NOT NULL,
	"discovered_on" date NOT NULL,
	"scope" jsonb NOT NULL,
	"measures" text NOT NULL,
	"recorded_by" uuid NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
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
CREATE TABLE "data_requests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "data_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"student_id" text NOT NULL,
	"kind" text NOT NULL,
	"received_on" date NOT NULL,
	"due_on" date NOT NULL,
	"details" text,
	"status" text DEFAULT 'open' NOT NULL,
	"outcome" text,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"handled_by" uuid,
	"handled_by_name" text,
	"handled_at" timestamp with time zone,
	CONSTRAINT "data_requests_kind" CHECK ("data_requests"."kind" in ('copy', 'correction', 'withdraw', 'erasure')),
	CONSTRAINT "data_requests_status" CHECK ("data_requests"."status" in ('open', 'done', 'refused')),
	CONSTRAINT "data_requests_handled" CHECK (("data_requests"."status" = 'open') = ("data_requests"."handled_at" is null) and ("data_requests"."status" = 'open') = ("data_requests"."outcome" is null))
);
--> statement-breakpoint
CREATE TABLE "privacy_notices" (
	"version" integer PRIMARY KEY NOT NULL,
	"body" jsonb NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "privacy_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"request_days" integer DEFAULT 90 NOT NULL,
	"enquiry_months" integer DEFAULT 12 NOT NULL,
	"photo_months" integer DEFAULT 6 NOT NULL,
	"financial_years" integer DEFAULT 8 NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "privacy_settings_one" CHECK ("privacy_settings"."id" = 1),
	CONSTRAINT "privacy_settings_request_days" CHECK ("privacy_settings"."request_days" between 1 and 90),
	CONSTRAINT "privacy_settings_enquiry_months" CHECK ("privacy_settings"."enquiry_months" between 1 and 120),
	CONSTRAINT "privacy_settings_photo_months" CHECK ("privacy_settings"."photo_months" between 1 and 120),
	CONSTRAINT "privacy_settings_financial_years" CHECK ("privacy_settings"."financial_years" between 8 and 20)
);
--> statement-breakpoint
CREATE TABLE "retention_runs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "retention_runs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"ran_at" timestamp with time zone NOT NULL,
	"is_dry_run" boolean NOT NULL,
	"report" jsonb NOT NULL,
	"ran_by" uuid
);
--> statement-breakpoint
-- Students registered before consent was asked: 'not_recorded' (docs/decisions/018-dpdp-consent.md); every
-- registration from now on starts 'held' until the parent's consent is recorded.
ALTER TABLE "students" ADD COLUMN "consent_state" text DEFAULT 'not_recorded' NOT NULL;--> statement-breakpoint
ALTER TABLE "students" ALTER COLUMN "consent_state" SET DEFAULT 'held';--> statement-breakpoint
ALTER TABLE "breaches" ADD CONSTRAINT "breaches_recorded_by_users_uuid_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("uuid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consent_codes" ADD CONSTRAINT "consent_codes_student_id_students_student_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("student_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consent_codes" ADD CONSTRAINT "consent_codes_sent_by_users_uuid_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."users"("uuid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consents" ADD CONSTRAINT "consents_student_id_students_student_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("student_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consents" ADD CONSTRAINT "consents_notice_version_privacy_notices_version_fk" FOREIGN KEY ("notice_version") REFERENCES "public"."privacy_notices"("version") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consents" ADD CONSTRAINT "consents_recorded_by_users_uuid_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("uuid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_requests" ADD CONSTRAINT "data_requests_student_id_students_student_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("student_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_requests" ADD CONSTRAINT "data_requests_created_by_users_uuid_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("uuid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_requests" ADD CONSTRAINT "data_requests_handled_by_users_uuid_fk" FOREIGN KEY ("handled_by") REFERENCES "public"."users"("uuid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "privacy_settings" ADD CONSTRAINT "privacy_settings_updated_by_users_uuid_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("uuid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "retention_runs" ADD CONSTRAINT "retention_runs_ran_by_users_uuid_fk" FOREIGN KEY ("ran_by") REFERENCES "public"."users"("uuid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "access_log_student_idx" ON "access_log" USING btree ("student_id","id") WHERE "access_log"."student_id" is not null;--> statement-breakpoint
CREATE INDEX "access_log_at_idx" ON "access_log" USING btree ("at");--> statement-breakpoint
CREATE INDEX "consents_student_idx" ON "consents" USING btree ("student_id","id");--> statement-breakpoint
CREATE INDEX "data_requests_open_idx" ON "data_requests" USING btree ("due_on") WHERE "data_requests"."status" = 'open';--> statement-breakpoint
CREATE INDEX "data_requests_student_idx" ON "data_requests" USING btree ("student_id","id");--> statement-breakpoint
CREATE INDEX "students_consent_waiting_idx" ON "students" USING btree ("created_at") WHERE "students"."consent_state" in ('held', 'not_recorded');--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_consent_state" CHECK ("students"."consent_state" in ('held', 'given', 'messages_refused', 'withdrawn', 'not_recorded'));
--> statement-breakpoint
-- Hand-written (issue 27, docs/decisions/018-dpdp-consent.md): an erasure must not leave the erased
-- values in old audit entries. The trail stays append-only, except for one narrow change: the values of
-- named fields of one student's entries become the text '(erased)', only through this function (which
-- runs as the schema's owner, so the app role of PostgreSQL mode needs no UPDATE privilege), and only
-- while it runs (a transaction-local setting the trigger checks). Every other column must stay as it was.
CREATE OR REPLACE FUNCTION audit_log_append_only() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.student_id IS NOT NULL
     AND current_setting('app.audit_scrub_student', true) = OLD.student_id
     AND NEW.id = OLD.id AND NEW.at = OLD.at AND NEW.actor_uuid IS NOT DISTINCT FROM OLD.actor_uuid
     AND NEW.actor_name = OLD.actor_name AND NEW.actor_role = OLD.actor_role AND NEW.entity = OLD.entity
     AND NEW.entity_id = OLD.entity_id AND NEW.entity_name IS NOT DISTINCT FROM OLD.entity_name
     AND NEW.student_id = OLD.student_id AND NEW.action = OLD.action
     AND (NEW.before IS NULL) = (OLD.before IS NULL) AND (NEW.after IS NULL) = (OLD.after IS NULL)
  THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'audit_log is append-only: % is not allowed', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE FUNCTION audit_log_scrub_student(target text, fields text[]) RETURNS integer
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
DECLARE
  changed integer;
BEGIN
  PERFORM set_config('app.audit_scrub_student', target, true);
  UPDATE audit_log SET
    before = CASE WHEN before IS NULL THEN NULL ELSE (
      SELECT jsonb_object_agg(key, CASE WHEN key = ANY(fields) THEN to_jsonb('(erased)'::text) ELSE value END)
      FROM jsonb_each(before)) END,
    after = CASE WHEN after IS NULL THEN NULL ELSE (
      SELECT jsonb_object_agg(key, CASE WHEN key = ANY(fields) THEN to_jsonb('(erased)'::text) ELSE value END)
      FROM jsonb_each(after)) END
  WHERE student_id = target AND (coalesce(before ?| fields, false) OR coalesce(after ?| fields, false));
  GET DIAGNOSTICS changed = ROW_COUNT;
  PERFORM set_config('app.audit_scrub_student', '', true);
  RETURN changed;
END;
$$;
