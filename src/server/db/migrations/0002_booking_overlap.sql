-- Custom migration (drizzle-kit cannot express EXCLUDE constraints).
-- No double booking, ever: two confirmed bookings of one space may not overlap in time.
-- Periods are half-open [start, end), so back-to-back bookings (10:00–12:00, 12:00–14:00) pass.
-- Pending requests may overlap each other and a confirmed booking: the admin chooses one, and the
-- constraint refuses whichever confirm would overlap (see docs/decisions and the race test).
ALTER TABLE "bookings"
  ADD CONSTRAINT "bookings_no_overlap"
  EXCLUDE USING gist ("space_id" WITH =, "period" WITH &&)
  WHERE ("status" = 'confirmed');
--> statement-breakpoint
ALTER TABLE "bookings"
  ADD CONSTRAINT "bookings_period_check"
  CHECK (lower_inc("period") AND NOT upper_inc("period") AND lower("period") < upper("period"));
--> statement-breakpoint
-- The role codes of the product (spec §3 user_roles).
INSERT INTO "roles" ("code") VALUES ('admin'), ('super_admin') ON CONFLICT ("code") DO NOTHING;
