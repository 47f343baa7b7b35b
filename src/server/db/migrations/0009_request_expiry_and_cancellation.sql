-- Issue 18: requests expire, admins are reminded once per request, taken slots decline
-- themselves, confirmed bookings can be cancelled under the listing's cancellation policy.
ALTER TABLE "bookings" DROP CONSTRAINT "bookings_status_check";--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_status_check" CHECK ("bookings"."status" in ('pending', 'confirmed', 'rejected', 'cancelled', 'expired'));--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "status_reason" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "reminded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "spaces" ADD COLUMN "cancellation_policy" text DEFAULT 'flexible' NOT NULL;--> statement-breakpoint
ALTER TABLE "spaces" ADD CONSTRAINT "spaces_cancellation_policy_check" CHECK ("spaces"."cancellation_policy" in ('flexible', 'moderate', 'strict'));--> statement-breakpoint
-- The expiry and reminder sweeps read pending requests by when they were sent (and the
-- reminder those not yet reminded): a partial index keeps that read small however many bookings
-- are decided.
CREATE INDEX "bookings_pending_created_idx" ON "bookings" USING btree ("created_at") WHERE "bookings"."status" = 'pending';
