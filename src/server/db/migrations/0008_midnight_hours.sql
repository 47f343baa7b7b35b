-- Opening hours that cross midnight (issue 17, decision 030): a closing time at or before the
-- opening time is the next day's, and a booking may end the next day (its `period` is the truth,
-- shorter than a day).
ALTER TABLE "bookings" DROP CONSTRAINT "bookings_times_check";--> statement-breakpoint
ALTER TABLE "spaces" DROP CONSTRAINT "spaces_hours_check";--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_length_check" CHECK (upper("bookings"."period") - lower("bookings"."period") < interval '1 day');--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_times_check" CHECK ("bookings"."end_time" <> "bookings"."start_time");--> statement-breakpoint
ALTER TABLE "spaces" ADD CONSTRAINT "spaces_hours_check" CHECK ("spaces"."closes_at" <> "spaces"."opens_at");