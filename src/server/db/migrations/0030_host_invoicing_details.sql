-- Issue 33 (decision 074): a host's invoicing details — the seller on the tax invoices HourSpace
-- issues on the host's behalf (registered name, VAT number, CR, the structured national address
-- ZATCA's BR-KSA-09 asks for). Existing rows need nothing: no host has given them yet, listings
-- keep their VAT numbers, and issued invoices keep the seller they were issued with.
CREATE TABLE "host_invoicing_details" (
	"host_id" text PRIMARY KEY NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"legal_name_ar" text NOT NULL,
	"legal_name_en" text,
	"vat_number" text NOT NULL,
	"cr_number" text,
	"street" text NOT NULL,
	"building_number" text NOT NULL,
	"additional_number" text NOT NULL,
	"district" text NOT NULL,
	"city" text NOT NULL,
	"postal_code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "host_invoicing_details_vat_check" CHECK ("host_invoicing_details"."vat_number" ~ '^3[0-9]{13}3$'),
	CONSTRAINT "host_invoicing_details_cr_check" CHECK ("host_invoicing_details"."cr_number" ~ '^[0-9]{10}$'),
	CONSTRAINT "host_invoicing_details_address_check" CHECK ("host_invoicing_details"."building_number" ~ '^[0-9]{4}$' and "host_invoicing_details"."additional_number" ~ '^[0-9]{4}$' and "host_invoicing_details"."postal_code" ~ '^[0-9]{5}$'),
	CONSTRAINT "host_invoicing_details_text_check" CHECK (char_length("host_invoicing_details"."legal_name_ar") between 2 and 200 and ("host_invoicing_details"."legal_name_en" is null or char_length("host_invoicing_details"."legal_name_en") between 2 and 200) and char_length("host_invoicing_details"."street") between 2 and 100 and char_length("host_invoicing_details"."district") between 2 and 100 and char_length("host_invoicing_details"."city") between 2 and 100)
);
