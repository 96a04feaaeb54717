ALTER TABLE "exam_centres" ADD COLUMN "listed_publicly" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- The centres that exist today stay on the public site; a centre added from now on waits for the admin's choice.
UPDATE "exam_centres" SET "listed_publicly" = true;
