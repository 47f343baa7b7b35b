-- Issue 35 (decisions 058 and 059): hosts decide their own requests, and price their space by rules.
-- users.decision_modes: the modes the admin lets this host choose; 'admin' is always among them.
-- spaces.decision_mode: who decides this space's requests (admin, host or instant).
-- spaces.price_rules: rates by day and time band, a day rate, minimum hours per day and add-ons
--   (src/shared/domain/price-rules.ts checks them; the database keeps the shape's top level).
-- bookings.quote: the itemised quote the booking was made with; later price changes never touch it.
-- bookings.add_ons: the add-ons the renter chose ({ id, quantity }[]), for the record.
ALTER TABLE "users" ADD COLUMN "decision_modes" text[] DEFAULT '{admin}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_decision_modes_check" CHECK ("users"."decision_modes" <@ array['admin', 'host', 'instant']::text[] and 'admin' = any("users"."decision_modes"));--> statement-breakpoint
ALTER TABLE "spaces" ADD COLUMN "decision_mode" text DEFAULT 'admin' NOT NULL;--> statement-breakpoint
ALTER TABLE "spaces" ADD CONSTRAINT "spaces_decision_mode_check" CHECK ("spaces"."decision_mode" in ('admin', 'host', 'instant'));--> statement-breakpoint
ALTER TABLE "spaces" ADD COLUMN "price_rules" jsonb DEFAULT '{"bands":[],"dayRate":null,"minHours":{},"addOns":[]}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "spaces" ADD CONSTRAINT "spaces_price_rules_check" CHECK (jsonb_typeof("spaces"."price_rules") = 'object' and jsonb_typeof("spaces"."price_rules"->'bands') = 'array' and jsonb_typeof("spaces"."price_rules"->'addOns') = 'array');--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "quote" jsonb;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "add_ons" jsonb DEFAULT '[]'::jsonb NOT NULL;
