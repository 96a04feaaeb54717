CREATE TABLE "teacher_assignments" (
	"teacher_uuid" uuid PRIMARY KEY NOT NULL,
	"centre_ids" integer[] NOT NULL,
	"subject_codes" integer[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "teacher_assignments" ADD CONSTRAINT "teacher_assignments_teacher_uuid_users_uuid_fk" FOREIGN KEY ("teacher_uuid") REFERENCES "public"."users"("uuid") ON DELETE cascade ON UPDATE no action;