CREATE TABLE "book_sets_given" (
	"student_id" text NOT NULL,
	"book_set" text NOT NULL,
	"given_by" uuid NOT NULL,
	"given_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "book_sets_given_student_id_book_set_pk" PRIMARY KEY("student_id","book_set")
);
--> statement-breakpoint
CREATE TABLE "book_stock" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "book_stock_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"counsellor_id" uuid NOT NULL,
	"standard" text NOT NULL,
	"book_name" text NOT NULL,
	"new_stock" integer DEFAULT 0 NOT NULL,
	"total_count" integer DEFAULT 0 NOT NULL,
	"distributed_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "book_stock_counts" CHECK ("book_stock"."new_stock" >= 0 and "book_stock"."total_count" >= 0 and "book_stock"."distributed_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "challan_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "challan_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"challan_id" integer NOT NULL,
	"book_id" integer NOT NULL,
	"count_sent" integer NOT NULL,
	CONSTRAINT "challan_items_count" CHECK ("challan_items"."count_sent" > 0)
);
--> statement-breakpoint
CREATE TABLE "challans" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "challans_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"chalan_no" integer NOT NULL,
	"chalan_date" date NOT NULL,
	"counsellor_id" uuid NOT NULL,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"item_count" integer NOT NULL,
	"books_sent" integer NOT NULL,
	"pamphlets_sent" integer NOT NULL,
	"receipt_book_count" integer NOT NULL,
	CONSTRAINT "challans_chalan_no_unique" UNIQUE("chalan_no")
);
--> statement-breakpoint
ALTER TABLE "book_sets_given" ADD CONSTRAINT "book_sets_given_student_id_students_student_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("student_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "book_sets_given" ADD CONSTRAINT "book_sets_given_given_by_users_uuid_fk" FOREIGN KEY ("given_by") REFERENCES "public"."users"("uuid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "book_stock" ADD CONSTRAINT "book_stock_counsellor_id_users_uuid_fk" FOREIGN KEY ("counsellor_id") REFERENCES "public"."users"("uuid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "challan_items" ADD CONSTRAINT "challan_items_challan_id_challans_id_fk" FOREIGN KEY ("challan_id") REFERENCES "public"."challans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "challan_items" ADD CONSTRAINT "challan_items_book_id_book_stock_id_fk" FOREIGN KEY ("book_id") REFERENCES "public"."book_stock"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "challans" ADD CONSTRAINT "challans_counsellor_id_users_uuid_fk" FOREIGN KEY ("counsellor_id") REFERENCES "public"."users"("uuid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "challans" ADD CONSTRAINT "challans_created_by_users_uuid_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("uuid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "book_stock_counsellor_book_idx" ON "book_stock" USING btree ("counsellor_id","standard","book_name");--> statement-breakpoint
CREATE INDEX "challan_items_challan_idx" ON "challan_items" USING btree ("challan_id");--> statement-breakpoint
CREATE INDEX "challan_items_book_idx" ON "challan_items" USING btree ("book_id");--> statement-breakpoint
CREATE INDEX "challans_date_idx" ON "challans" USING btree ("chalan_date","chalan_no");--> statement-breakpoint
CREATE INDEX "challans_counsellor_idx" ON "challans" USING btree ("counsellor_id","chalan_date");