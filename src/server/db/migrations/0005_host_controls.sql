CREATE TABLE "space_blocks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"space_id" uuid NOT NULL,
	"date" date NOT NULL,
	"start_time" time NOT NULL,
	"end_time" time NOT NULL,
	"period" "tstzrange" NOT NULL,
	"note" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "space_blocks_times_check" CHECK ("space_blocks"."end_time" > "space_blocks"."start_time")
);
--> statement-breakpoint
ALTER TABLE "spaces" DROP CONSTRAINT "spaces_status_check";--> statement-breakpoint
ALTER TABLE "spaces" ADD COLUMN "calendar_token" text;--> statement-breakpoint
ALTER TABLE "space_blocks" ADD CONSTRAINT "space_blocks_space_id_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."spaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "space_blocks" ADD CONSTRAINT "space_blocks_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "space_blocks_space_date_idx" ON "space_blocks" USING btree ("space_id","date");--> statement-breakpoint
ALTER TABLE "spaces" ADD CONSTRAINT "spaces_calendar_token_unique" UNIQUE("calendar_token");--> statement-breakpoint
ALTER TABLE "spaces" ADD CONSTRAINT "spaces_status_check" CHECK ("spaces"."status" in ('pending', 'approved', 'rejected', 'paused', 'archived'));