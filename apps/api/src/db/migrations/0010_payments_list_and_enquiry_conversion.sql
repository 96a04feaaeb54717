ALTER TABLE "students" ADD COLUMN "last_payment_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "visiting_records" ADD COLUMN "converted_student_id" text;--> statement-breakpoint
ALTER TABLE "visiting_records" ADD CONSTRAINT "visiting_records_converted_student_id_students_student_id_fk" FOREIGN KEY ("converted_student_id") REFERENCES "public"."students"("student_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "students_last_payment_idx" ON "students" USING btree ("last_payment_at" DESC NULLS LAST,"student_id" DESC NULLS LAST) WHERE "students"."last_payment_at" is not null;--> statement-breakpoint
CREATE INDEX "students_created_by_last_payment_idx" ON "students" USING btree ("created_by","last_payment_at" DESC NULLS LAST,"student_id" DESC NULLS LAST) WHERE "students"."last_payment_at" is not null;--> statement-breakpoint
-- Hand-written: students.last_payment_at follows the newest payment of the student, whoever writes it.
CREATE FUNCTION note_last_payment() RETURNS trigger AS $$
BEGIN
  UPDATE students SET last_payment_at = GREATEST(COALESCE(last_payment_at, NEW.created_at), NEW.created_at)
    WHERE student_id = NEW.student_id;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER payments_note_last_payment AFTER INSERT ON payments
  FOR EACH ROW EXECUTE FUNCTION note_last_payment();
--> statement-breakpoint
UPDATE students s SET last_payment_at = p.last_at
  FROM (SELECT student_id, max(created_at) AS last_at FROM payments GROUP BY student_id) p
  WHERE p.student_id = s.student_id;
