CREATE TYPE "public"."role" AS ENUM('admin', 'counsellor', 'teacher');--> statement-breakpoint
CREATE TABLE "setting_flags" (
	"flag_name" text PRIMARY KEY NOT NULL,
	"flag_value" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"user_name" text NOT NULL,
	"email" text NOT NULL,
	"role" "role" NOT NULL,
	"contact_num" text DEFAULT '' NOT NULL,
	"branch" text,
	"commission_bp" integer DEFAULT 0 NOT NULL,
	"dob" date,
	"password_hash" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"session_version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_commission_range" CHECK ("users"."commission_bp" between 0 and 10000),
	CONSTRAINT "users_branch_counsellor" CHECK (("users"."role" = 'counsellor') = ("users"."branch" is not null))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_idx" ON "users" USING btree (lower("email"));