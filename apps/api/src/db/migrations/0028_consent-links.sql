CREATE TABLE "consent_links" (
	"student_id" text PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "consent_links_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "consents" DROP CONSTRAINT "consents_method";--> statement-breakpoint
ALTER TABLE "consent_links" ADD CONSTRAINT "consent_links_student_id_students_student_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("student_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consents" ADD CONSTRAINT "consents_method" CHECK ("consents"."method" is null or "consents"."method" in ('code', 'paper', 'portal', 'link'));--> statement-breakpointINSERT INTO "message_templates" ("kind", "updated_at", "body_en", "body_mr") VALUES ('breach_notice', '2026-11-24T00:00:00Z', E'Dear parent of {studentName},\nOn {discoveredOn} we found a personal data breach that may affect your child\'s details: {breachTitle}. {breachDescription}\nWhat we have done: {breachMeasures}\nWhat you can do: be careful of calls or messages that ask for money or passwords in our name. For questions, call {officePhone}.', E'{studentName} यांच्या पालकांना,\n{discoveredOn} रोजी आम्हाला वैयक्तिक माहितीचा भंग आढळला, ज्याचा तुमच्या पाल्याच्या माहितीवर परिणाम होऊ शकतो: {breachTitle}. {breachDescription}\nआम्ही केलेली कार्यवाही: {breachMeasures}\nतुम्ही काय करू शकता: आमच्या नावाने पैसे किंवा पासवर्ड मागणाऱ्या कॉल किंवा संदेशांपासून सावध रहा. प्रश्नांसाठी {officePhone} वर कॉल करा.') ON CONFLICT DO NOTHING;--> statement-breakpoint
UPDATE "message_templates" SET "body_en" = E'Your one-time code is {code}. Tell it only to our counsellor. Or read the privacy notice and answer yourself here: {consentLink}', "body_mr" = E'आपला एक-वेळ कोड {code} आहे. तो फक्त आमच्या समुपदेशकाला सांगा. किंवा गोपनीयता सूचना वाचून येथे स्वतः उत्तर द्या: {consentLink}' WHERE "kind" = 'consent_code' AND "body_en" = 'Your one-time code is {code}. Do not share it with anyone.' AND "body_mr" = 'आपला एक-वेळ कोड {code} आहे. तो कोणालाही सांगू नका.';--> statement-breakpoint
-- Hand-written (issue 27): anonymising an enquiry that never became a registration must not leave its
-- old values in the audit trail. Those entries carry no student ID, so the student's scrub cannot reach
-- them: the same narrow change, by entity and id. While `audit_log_scrub_entity` runs (its transaction-local
-- setting names the entity) the trigger lets an entry of that entity change only its before/after values
-- and its name (an enquiry's entry is named after the enquiry's student); every other column stays.
CREATE OR REPLACE FUNCTION audit_log_append_only() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'UPDATE'
     AND ((OLD.student_id IS NOT NULL AND current_setting('app.audit_scrub_student', true) = OLD.student_id
           AND NEW.entity_name IS NOT DISTINCT FROM OLD.entity_name)
          OR current_setting('app.audit_scrub_entity', true) = OLD.entity)
     AND NEW.id = OLD.id AND NEW.at = OLD.at AND NEW.actor_uuid IS NOT DISTINCT FROM OLD.actor_uuid
     AND NEW.actor_name = OLD.actor_name AND NEW.actor_role = OLD.actor_role AND NEW.entity = OLD.entity
     AND NEW.entity_id = OLD.entity_id AND NEW.student_id IS NOT DISTINCT FROM OLD.student_id
     AND NEW.action = OLD.action
     AND (NEW.before IS NULL) = (OLD.before IS NULL) AND (NEW.after IS NULL) = (OLD.after IS NULL)
  THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'audit_log is append-only: % is not allowed', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- One rule for both scrubs: the named fields' values become '(erased)'; an empty object stays empty (an
-- aggregate over no keys is NULL, which the trigger would refuse).
CREATE FUNCTION audit_scrub_values(value jsonb, fields text[]) RETURNS jsonb
LANGUAGE sql IMMUTABLE STRICT AS $$
  SELECT coalesce(jsonb_object_agg(key, CASE WHEN key = ANY(fields) THEN to_jsonb('(erased)'::text) ELSE v END),
                  '{}'::jsonb)
  FROM jsonb_each(value) AS e(key, v)
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION audit_log_scrub_student(target text, fields text[]) RETURNS integer
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
DECLARE
  changed integer;
BEGIN
  PERFORM set_config('app.audit_scrub_student', target, true);
  UPDATE audit_log SET before = audit_scrub_values(before, fields), after = audit_scrub_values(after, fields)
  WHERE student_id = target AND (coalesce(before ?| fields, false) OR coalesce(after ?| fields, false));
  GET DIAGNOSTICS changed = ROW_COUNT;
  PERFORM set_config('app.audit_scrub_student', '', true);
  RETURN changed;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION audit_log_scrub_entity(target_entity text, ids text[], fields text[], erased_name text)
RETURNS integer
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
DECLARE
  changed integer;
BEGIN
  PERFORM set_config('app.audit_scrub_entity', target_entity, true);
  UPDATE audit_log SET
    entity_name = CASE WHEN entity_name IS NULL THEN NULL ELSE erased_name END,
    before = audit_scrub_values(before, fields),
    after = audit_scrub_values(after, fields)
  WHERE entity = target_entity AND entity_id = ANY(ids);
  GET DIAGNOSTICS changed = ROW_COUNT;
  PERFORM set_config('app.audit_scrub_entity', '', true);
  RETURN changed;
END;
$$;
