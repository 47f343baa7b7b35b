CREATE TABLE "space_revisions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"space_id" uuid NOT NULL,
	"submitted_by" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"content" jsonb NOT NULL,
	"image_ids" jsonb,
	"review_note" text,
	"reviewed_by" text,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "space_revisions_status_check" CHECK ("space_revisions"."status" in ('pending', 'approved', 'rejected'))
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "busy_period" "tstzrange";--> statement-breakpoint
ALTER TABLE "spaces" ADD COLUMN "buffer_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "spaces" ADD COLUMN "min_notice_hours" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "spaces" ADD COLUMN "horizon_days" integer DEFAULT 365 NOT NULL;--> statement-breakpoint
ALTER TABLE "spaces" ADD COLUMN "min_booking_minutes" integer DEFAULT 60 NOT NULL;--> statement-breakpoint
ALTER TABLE "space_revisions" ADD CONSTRAINT "space_revisions_space_id_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."spaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "space_revisions" ADD CONSTRAINT "space_revisions_submitted_by_users_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "space_revisions" ADD CONSTRAINT "space_revisions_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "space_revisions_one_pending_key" ON "space_revisions" USING btree ("space_id") WHERE "space_revisions"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "space_revisions_status_created_idx" ON "space_revisions" USING btree ("status","created_at");--> statement-breakpoint
ALTER TABLE "spaces" ADD CONSTRAINT "spaces_buffer_check" CHECK ("spaces"."buffer_minutes" in (0, 15, 30, 60));--> statement-breakpoint
ALTER TABLE "spaces" ADD CONSTRAINT "spaces_notice_check" CHECK ("spaces"."min_notice_hours" between 0 and 72);--> statement-breakpoint
ALTER TABLE "spaces" ADD CONSTRAINT "spaces_horizon_check" CHECK ("spaces"."horizon_days" between 1 and 365);--> statement-breakpoint
ALTER TABLE "spaces" ADD CONSTRAINT "spaces_min_booking_check" CHECK ("spaces"."min_booking_minutes" between 30 and 480 and "spaces"."min_booking_minutes" % 30 = 0);