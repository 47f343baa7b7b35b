CREATE TABLE "reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"space_id" uuid NOT NULL,
	"renter_id" text NOT NULL,
	"stars" integer NOT NULL,
	"body" text,
	"edited_at" timestamp with time zone,
	"host_reply" text,
	"host_replied_at" timestamp with time zone,
	"hidden_at" timestamp with time zone,
	"hidden_by" text,
	"hidden_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reviews_stars_check" CHECK ("reviews"."stars" between 1 and 5),
	CONSTRAINT "reviews_body_check" CHECK (char_length("reviews"."body") between 1 and 2000),
	CONSTRAINT "reviews_reply_check" CHECK (("reviews"."host_reply" is null) = ("reviews"."host_replied_at" is null) and char_length("reviews"."host_reply") between 1 and 2000),
	CONSTRAINT "reviews_hidden_check" CHECK (("reviews"."hidden_at" is null) = ("reviews"."hidden_reason" is null))
);
--> statement-breakpoint
ALTER TABLE "bookings" DROP CONSTRAINT "bookings_status_check";--> statement-breakpoint
ALTER TABLE "spaces" ADD COLUMN "review_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "spaces" ADD COLUMN "review_stars_sum" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_space_id_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."spaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_renter_id_users_id_fk" FOREIGN KEY ("renter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_hidden_by_users_id_fk" FOREIGN KEY ("hidden_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_booking_key" ON "reviews" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "reviews_space_visible_idx" ON "reviews" USING btree ("space_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "reviews"."hidden_at" is null;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_status_check" CHECK ("bookings"."status" in ('pending', 'confirmed', 'rejected', 'cancelled', 'expired', 'completed'));--> statement-breakpoint
ALTER TABLE "spaces" ADD CONSTRAINT "spaces_reviews_check" CHECK ("spaces"."review_count" >= 0 and "spaces"."review_stars_sum" between "spaces"."review_count" and 5 * "spaces"."review_count");--> statement-breakpoint
-- Custom part (drizzle-kit cannot express EXCLUDE constraints or expression indexes).
-- A completed booking is a confirmed one whose time has passed: it keeps holding its time and
-- its buffer, so the two exclusion constraints of 0002 and 0007 now cover both statuses (a
-- booking that completes at its end must not free the buffer after it for a new confirm).
ALTER TABLE "bookings" DROP CONSTRAINT "bookings_no_overlap";--> statement-breakpoint
ALTER TABLE "bookings"
  ADD CONSTRAINT "bookings_no_overlap"
  EXCLUDE USING gist ("space_id" WITH =, "period" WITH &&)
  WHERE ("status" IN ('confirmed', 'completed'));--> statement-breakpoint
ALTER TABLE "bookings" DROP CONSTRAINT "bookings_no_overlap_buffered";--> statement-breakpoint
ALTER TABLE "bookings"
  ADD CONSTRAINT "bookings_no_overlap_buffered"
  EXCLUDE USING gist ("space_id" WITH =, "busy_period" WITH &&)
  WHERE ("status" IN ('confirmed', 'completed'));--> statement-breakpoint
-- The completion sweep's question: which confirmed bookings have ended?
CREATE INDEX "bookings_confirmed_end_idx" ON "bookings" (upper("period")) WHERE "status" = 'confirmed';
