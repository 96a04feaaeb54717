CREATE TABLE "stored_files" (
	"hash" text PRIMARY KEY NOT NULL,
	"content" "bytea" NOT NULL,
	"byte_size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
