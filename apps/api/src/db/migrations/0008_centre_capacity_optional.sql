ALTER TABLE "exam_centres" ALTER COLUMN "capacity" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "exam_centres" ALTER COLUMN "capacity" DROP NOT NULL;