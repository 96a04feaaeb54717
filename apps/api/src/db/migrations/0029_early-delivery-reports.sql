CREATE TABLE "early_delivery_reports" (
	"provider_message_id" text PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"fail_reason" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "early_delivery_reports_status" CHECK ("early_delivery_reports"."status" in ('sent', 'delivered', 'failed'))
);
