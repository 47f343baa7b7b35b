-- Issue 33: Saudi e-invoices (ZATCA phase 2; decisions 064 and 065). Hand-written.
-- invoice_issuers: one row per issuer (HourSpace for its fee invoices, each VAT-registered seller
-- HourSpace invoices on behalf of, each unregistered host's receipts). Its row is locked
-- (SELECT … FOR UPDATE) while a document is issued: the number, the invoice counter (ICV) and the
-- previous invoice hash (PIH) move on together, without gaps, and two documents issued at once
-- never share them (the unique keys below back the lock up).
CREATE TABLE "invoice_issuers" (
  "key" text PRIMARY KEY NOT NULL,
  "last_number" integer DEFAULT 0 NOT NULL,
  "last_icv" integer DEFAULT 0 NOT NULL,
  "last_hash" text NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "invoice_issuers_key_check" CHECK ("key" ~ '^(hourspace|vat:3[0-9]{13}3|host:.+)$'),
  CONSTRAINT "invoice_issuers_counts_check" CHECK ("last_number" >= 0 AND "last_icv" >= 0)
);--> statement-breakpoint
CREATE TABLE "invoices" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "issuer_key" text NOT NULL REFERENCES "invoice_issuers"("key") ON DELETE RESTRICT,
  "kind" text NOT NULL,
  "seq" integer NOT NULL,
  "number" text NOT NULL,
  "uuid" uuid NOT NULL,
  "standard" boolean DEFAULT false NOT NULL,
  "booking_id" uuid REFERENCES "bookings"("id") ON DELETE RESTRICT,
  "original_invoice_id" uuid REFERENCES "invoices"("id") ON DELETE RESTRICT,
  "payment_ref" text,
  "refund_ref" text,
  "fee_month" text,
  "seller" jsonb NOT NULL,
  "buyer" jsonb,
  "lines" jsonb NOT NULL,
  "net_halalas" integer NOT NULL,
  "vat_halalas" integer NOT NULL,
  "total_halalas" integer NOT NULL,
  "issued_at" timestamp with time zone NOT NULL,
  "supply_date" date,
  "icv" integer,
  "previous_hash" text,
  "invoice_hash" text,
  "xml" text,
  "qr" text,
  "report_status" text DEFAULT 'not_reported' NOT NULL,
  "report_note" text,
  "zatca_http_status" integer,
  "zatca_response" text,
  "reported_at" timestamp with time zone,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "invoices_kind_check" CHECK ("kind" in ('tax_invoice', 'credit_note', 'receipt', 'fee_invoice')),
  CONSTRAINT "invoices_seq_check" CHECK ("seq" > 0),
  CONSTRAINT "invoices_amounts_check" CHECK ("net_halalas" >= 0 AND "vat_halalas" >= 0 AND "total_halalas" > 0 AND "net_halalas" + "vat_halalas" = "total_halalas"),
  -- An unregistered host's documents (receipts and their refund notes) carry no VAT and are no
  -- e-invoices: no XML, no chain. Everyone else's are signed and chained.
  CONSTRAINT "invoices_unsigned_check" CHECK (("issuer_key" LIKE 'host:%') = ("xml" IS NULL) AND ("issuer_key" NOT LIKE 'host:%' OR "vat_halalas" = 0) AND (("kind" = 'receipt') <= ("issuer_key" LIKE 'host:%'))),
  CONSTRAINT "invoices_chain_check" CHECK (("xml" IS NULL) = ("icv" IS NULL) AND ("xml" IS NULL) = ("invoice_hash" IS NULL) AND ("xml" IS NULL) = ("previous_hash" IS NULL)),
  CONSTRAINT "invoices_credit_note_check" CHECK (("kind" = 'credit_note') = ("original_invoice_id" IS NOT NULL)),
  CONSTRAINT "invoices_report_status_check" CHECK ("report_status" in ('not_required', 'not_reported', 'queued', 'reported', 'reported_with_warnings', 'cleared', 'cleared_with_warnings', 'rejected', 'malformed_answer', 'failed')),
  CONSTRAINT "invoices_issuer_seq_unique" UNIQUE ("issuer_key", "seq"),
  CONSTRAINT "invoices_issuer_number_unique" UNIQUE ("issuer_key", "number"),
  CONSTRAINT "invoices_issuer_icv_unique" UNIQUE ("issuer_key", "icv"),
  CONSTRAINT "invoices_uuid_unique" UNIQUE ("uuid")
);--> statement-breakpoint
-- One document per payment, per refund, per host and month of fees (a retried call issues nothing new).
CREATE UNIQUE INDEX "invoices_payment_ref_unique" ON "invoices" ("payment_ref") WHERE "kind" in ('tax_invoice', 'receipt') AND "payment_ref" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_refund_ref_unique" ON "invoices" ("refund_ref") WHERE "refund_ref" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_fee_month_unique" ON "invoices" ("issuer_key", ((buyer->>'key')), "fee_month") WHERE "kind" = 'fee_invoice';--> statement-breakpoint
CREATE INDEX "invoices_booking_idx" ON "invoices" ("booking_id") WHERE "booking_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "invoices_original_idx" ON "invoices" ("original_invoice_id") WHERE "original_invoice_id" IS NOT NULL;--> statement-breakpoint
-- An issued document never changes (a correction is a credit note and a new invoice) and is never
-- deleted; only what ZATCA answered about it is written later.
CREATE FUNCTION "invoices_immutable"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  reporting constant text[] := ARRAY['report_status', 'report_note', 'zatca_http_status', 'zatca_response', 'reported_at'];
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'an issued invoice is never deleted' USING ERRCODE = 'check_violation';
  END IF;
  IF (to_jsonb(NEW) - reporting) IS DISTINCT FROM (to_jsonb(OLD) - reporting) THEN
    RAISE EXCEPTION 'an issued invoice is never changed' USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "invoices_immutable" BEFORE UPDATE OR DELETE ON "invoices" FOR EACH ROW EXECUTE FUNCTION "invoices_immutable"();
