-- Custom migration (drizzle-kit cannot express EXCLUDE constraints).
-- The host's buffer between bookings (issue 17): a confirmed booking's `busy_period` is its
-- period with the space's buffer after it, set by transitionBooking when it confirms. Two
-- confirmed bookings of one space may not overlap there either, so with a 30-minute buffer
-- 10:00–12:00 and 12:00–13:00 cannot both be confirmed, while 12:30–13:00 can. Rows without a
-- busy_period (written before this migration) are held by bookings_no_overlap alone, which stays.
UPDATE "bookings" SET "busy_period" = "period" WHERE "status" = 'confirmed' AND "busy_period" IS NULL;
--> statement-breakpoint
ALTER TABLE "bookings"
  ADD CONSTRAINT "bookings_no_overlap_buffered"
  EXCLUDE USING gist ("space_id" WITH =, "busy_period" WITH &&)
  WHERE ("status" = 'confirmed');
--> statement-breakpoint
ALTER TABLE "bookings"
  ADD CONSTRAINT "bookings_busy_period_check"
  CHECK ("busy_period" IS NULL OR (lower("busy_period") = lower("period") AND upper("busy_period") >= upper("period")));
