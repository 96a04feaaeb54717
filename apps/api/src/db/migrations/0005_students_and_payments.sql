CREATE TABLE "counters" (
	"key" text PRIMARY KEY NOT NULL,
	"value" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"payment_id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payments_payment_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"student_id" text NOT NULL,
	"amount_paise" integer NOT NULL,
	"payment_mode" text NOT NULL,
	"receipt_no" text,
	"receipt_photo" text NOT NULL,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_amount" CHECK ("payments"."amount_paise" > 0),
	CONSTRAINT "payments_mode" CHECK ("payments"."payment_mode" in ('Cash', 'Online', 'Cheque'))
);
--> statement-breakpoint
CREATE TABLE "students" (
	"student_id" text PRIMARY KEY NOT NULL,
	"student_name" text NOT NULL,
	"gender" text NOT NULL,
	"dob" date NOT NULL,
	"mother_name" text NOT NULL,
	"address" text NOT NULL,
	"pincode" text NOT NULL,
	"email" text NOT NULL,
	"student_no" text NOT NULL,
	"parents_no" text NOT NULL,
	"app_no" text NOT NULL,
	"notification_no" text NOT NULL,
	"standard" text NOT NULL,
	"previous_year" text NOT NULL,
	"school_college" text NOT NULL,
	"pre_year_percent_bp" integer NOT NULL,
	"branch" text NOT NULL,
	"exam_centre_id" integer NOT NULL,
	"exam_year" integer NOT NULL,
	"student_photo" text NOT NULL,
	"payment_standard" text NOT NULL,
	"total_paise" integer NOT NULL,
	"paid_paise" integer NOT NULL,
	"remaining_paise" integer NOT NULL,
	"due_date" date,
	"created_by" uuid NOT NULL,
	"counsellor" text NOT NULL,
	"counsellor_branch" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "students_balance" CHECK ("students"."paid_paise" + "students"."remaining_paise" = "students"."total_paise" and "students"."remaining_paise" >= 0 and "students"."paid_paise" >= 0),
	CONSTRAINT "students_due_date" CHECK (("students"."remaining_paise" = 0) = ("students"."due_date" is null))
);
--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_student_id_students_student_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("student_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_created_by_users_uuid_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("uuid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_exam_centre_id_exam_centres_center_id_fk" FOREIGN KEY ("exam_centre_id") REFERENCES "public"."exam_centres"("center_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_created_by_users_uuid_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("uuid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payments_student_idx" ON "payments" USING btree ("student_id","created_at");--> statement-breakpoint
CREATE INDEX "payments_created_by_idx" ON "payments" USING btree ("created_by","created_at");--> statement-breakpoint
CREATE INDEX "students_created_by_idx" ON "students" USING btree ("created_by","created_at");--> statement-breakpoint
CREATE INDEX "students_created_at_idx" ON "students" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "students_centre_idx" ON "students" USING btree ("exam_centre_id");--> statement-breakpoint
CREATE INDEX "students_standard_idx" ON "students" USING btree ("standard");