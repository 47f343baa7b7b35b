-- Issue 32 (decisions 052, 053): renters pay a confirmed booking. Hand-written.
-- bookings: when payment is due (set by the confirm), when it was paid (set by the `pay` edge of
-- transitionBooking), when the renter was reminded (the reminder sweep marks each booking once).
ALTER TABLE "bookings" ADD COLUMN "payment_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "paid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "payment_reminded_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "bookings_payment_due_idx" ON "bookings" ("payment_due_at") WHERE "status" = 'confirmed' AND "paid_at" IS NULL AND "payment_due_at" IS NOT NULL;--> statement-breakpoint
-- One row per checkout a renter starts: its id is the given_id sent to the gateway.
CREATE TABLE "payments" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "booking_id" uuid NOT NULL REFERENCES "bookings"("id") ON DELETE restrict,
  "renter_id" text NOT NULL REFERENCES "users"("id") ON DELETE restrict,
  "amount_halalas" integer NOT NULL,
  "currency" text DEFAULT 'SAR' NOT NULL,
  "gateway" text NOT NULL,
  "status" text DEFAULT 'initiated' NOT NULL,
  "checkout_id" text,
  "checkout_url" text,
  "gateway_payment_id" text,
  "failure_message" text,
  "paid_at" timestamp with time zone,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "payments_amount_check" CHECK ("amount_halalas" > 0),
  CONSTRAINT "payments_currency_check" CHECK ("currency" = 'SAR'),
  CONSTRAINT "payments_gateway_check" CHECK ("gateway" in ('moyasar', 'test')),
  CONSTRAINT "payments_status_check" CHECK ("status" in ('initiated', 'paid', 'failed', 'refunded', 'voided')),
  CONSTRAINT "payments_gateway_payment_id_unique" UNIQUE ("gateway", "gateway_payment_id")
);--> statement-breakpoint
CREATE INDEX "payments_booking_idx" ON "payments" ("booking_id", "created_at");--> statement-breakpoint
-- At most one open checkout per booking: two clicks on "pay" share one.
CREATE UNIQUE INDEX "payments_one_open_idx" ON "payments" ("booking_id") WHERE "status" = 'initiated';--> statement-breakpoint
-- A refund of one payment: made by a durable job through the gateway, then posted to the ledger.
CREATE TABLE "payment_refunds" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "payment_id" uuid NOT NULL REFERENCES "payments"("id") ON DELETE restrict,
  "booking_id" uuid NOT NULL REFERENCES "bookings"("id") ON DELETE restrict,
  "amount_halalas" integer NOT NULL,
  "reason" text NOT NULL,
  "status" text DEFAULT 'pending' NOT NULL,
  "last_error" text,
  "done_at" timestamp with time zone,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "payment_refunds_amount_check" CHECK ("amount_halalas" > 0),
  CONSTRAINT "payment_refunds_reason_check" CHECK ("reason" in ('cancelled', 'revoked', 'late_payment', 'second_payment')),
  CONSTRAINT "payment_refunds_status_check" CHECK ("status" in ('pending', 'done', 'failed')),
  -- Each payment is refunded once (a cancellation happens once): a second order is a no-op.
  CONSTRAINT "payment_refunds_payment_unique" UNIQUE ("payment_id")
);--> statement-breakpoint
-- The embedded test gateway's own records (no Moyasar keys: decision 052). Refused in production.
CREATE TABLE "test_gateway_invoices" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "amount" integer NOT NULL,
  "currency" text NOT NULL,
  "description" text NOT NULL,
  "callback_url" text NOT NULL,
  "metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
  "status" text DEFAULT 'initiated' NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE TABLE "test_gateway_payments" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "invoice_id" uuid NOT NULL REFERENCES "test_gateway_invoices"("id") ON DELETE cascade,
  "status" text NOT NULL,
  "amount" integer NOT NULL,
  "refunded" integer DEFAULT 0 NOT NULL,
  "currency" text NOT NULL,
  "message" text,
  "card_last4" text NOT NULL,
  "card_company" text NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "test_gateway_payments_refund_check" CHECK ("refunded" >= 0 AND "refunded" <= "amount")
);
