-- Issue 20: VAT-inclusive prices and WhatsApp consent (decision 035).
-- spaces.vat_number: the host's Saudi VAT number (null: not VAT-registered); bookings.vat_halalas:
-- the VAT part of the total when the request was made (null: no VAT; rows made before this are
-- such); users.whatsapp_opt_in_at: when the person agreed to WhatsApp notices (null: no consent).
ALTER TABLE "bookings" ADD COLUMN "vat_halalas" integer;--> statement-breakpoint
ALTER TABLE "spaces" ADD COLUMN "vat_number" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "whatsapp_opt_in_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_vat_check" CHECK ("bookings"."vat_halalas" is null or ("bookings"."vat_halalas" >= 0 and "bookings"."vat_halalas" < "bookings"."total_halalas"));--> statement-breakpoint
ALTER TABLE "spaces" ADD CONSTRAINT "spaces_vat_number_check" CHECK ("spaces"."vat_number" ~ '^3[0-9]{13}3$');