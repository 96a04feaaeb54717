CREATE TABLE "message_consents" (
	"phone" text PRIMARY KEY NOT NULL,
	"opted_out" boolean NOT NULL,
	"source" text NOT NULL,
	"note" text,
	"changed_by" uuid,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "message_jobs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "message_jobs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"audience" jsonb NOT NULL,
	"label" text NOT NULL,
	"total" integer NOT NULL,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "message_outbox" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "message_outbox_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"job_id" integer,
	"student_id" text,
	"phone" text NOT NULL,
	"channel" text NOT NULL,
	"body" text NOT NULL,
	"params" jsonb,
	"whatsapp_template" text,
	"language" text NOT NULL,
	"status" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_until" timestamp with time zone,
	"leased_by" text,
	"idempotency_key" uuid DEFAULT gen_random_uuid() NOT NULL,
	"dedupe_key" text,
	"provider_message_id" text,
	"fail_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_outbox_status" CHECK ("message_outbox"."status" in ('queued', 'sending', 'sent', 'delivered', 'failed', 'prepared', 'skipped'))
);
--> statement-breakpoint
CREATE TABLE "message_templates" (
	"kind" text PRIMARY KEY NOT NULL,
	"body_en" text NOT NULL,
	"body_mr" text NOT NULL,
	"language" text DEFAULT 'both' NOT NULL,
	"whatsapp_template" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid
);
--> statement-breakpoint
ALTER TABLE "message_consents" ADD CONSTRAINT "message_consents_changed_by_users_uuid_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("uuid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_jobs" ADD CONSTRAINT "message_jobs_created_by_users_uuid_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("uuid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_outbox" ADD CONSTRAINT "message_outbox_job_id_message_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."message_jobs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_templates" ADD CONSTRAINT "message_templates_updated_by_users_uuid_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("uuid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "message_outbox_idempotency_uq" ON "message_outbox" USING btree ("idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "message_outbox_dedupe_uq" ON "message_outbox" USING btree ("dedupe_key");--> statement-breakpoint
CREATE INDEX "message_outbox_due_idx" ON "message_outbox" USING btree ("next_attempt_at","id") WHERE "message_outbox"."status" in ('queued', 'sending');--> statement-breakpoint
CREATE INDEX "message_outbox_student_idx" ON "message_outbox" USING btree ("student_id","id");--> statement-breakpoint
CREATE INDEX "message_outbox_job_idx" ON "message_outbox" USING btree ("job_id","status");--> statement-breakpoint
CREATE INDEX "message_outbox_provider_idx" ON "message_outbox" USING btree ("provider_message_id");--> statement-breakpoint
-- The default templates (packages/domain/src/family-messages.rules.ts); an admin rewrites them.
INSERT INTO "message_templates" ("kind", "body_en", "body_mr") VALUES
('payment_received', 'Dear parent, we have received {amount} for {studentName} (ID {studentId}). Receipt number {receiptNumber}. Thank you.', 'प्रिय पालक, {studentName} (आयडी {studentId}) यांच्या शुल्कापोटी {amount} मिळाले आहेत. पावती क्रमांक {receiptNumber}. धन्यवाद.'),
('instalment_due', 'Dear parent, the next instalment of {amount} for {studentName} is due on {dueDate} ({days} days from today). Please pay at the office.', 'प्रिय पालक, {studentName} यांच्या शुल्काचा पुढील हप्ता {amount} दिनांक {dueDate} रोजी ({days} दिवसांनी) देय आहे. कृपया कार्यालयात भरणा करावा.'),
('instalment_overdue', 'Dear parent, the instalment of {amount} for {studentName} was due on {dueDate} and is {days} days overdue. Please pay at the earliest.', 'प्रिय पालक, {studentName} यांच्या शुल्काचा हप्ता {amount} दिनांक {dueDate} रोजी देय होता; त्यास {days} दिवस उशीर झाला आहे. कृपया लवकरात लवकर भरणा करावा.'),
('hall_tickets_released', 'Dear parent, the hall ticket of {studentName} is ready. Download it here: {hallTicketLink}', 'प्रिय पालक, {studentName} यांचे प्रवेशपत्र (हॉल तिकीट) तयार आहे. येथून डाउनलोड करा: {hallTicketLink}'),
('results_declared', 'Dear parent, the result of {studentName} (ID {studentId}) is declared. See it here: {resultLink}', 'प्रिय पालक, {studentName} (आयडी {studentId}) यांचा निकाल जाहीर झाला आहे. येथे पाहा: {resultLink}'),
('follow_up_reminder', 'Dear parent, thank you for your enquiry about {enquiryName}. We will call you on {followUpDate}; for questions call {officePhone}.', 'प्रिय पालक, {enquiryName} यांच्याबद्दल चौकशी केल्याबद्दल धन्यवाद. आम्ही आपल्याला {followUpDate} रोजी संपर्क करू; काही शंका असल्यास {officePhone} वर कॉल करा.'),
('consent_code', 'Your one-time code is {code}. Do not share it with anyone.', 'आपला एक-वेळ कोड {code} आहे. तो कोणालाही सांगू नका.');--> statement-breakpoint
-- The shipped templates carry the day they shipped, not the day a database was migrated: every new
-- database starts with the same rows (the built initial data dir equals a slow migration).
UPDATE "message_templates" SET "updated_at" = '2026-11-24T00:00:00Z';
