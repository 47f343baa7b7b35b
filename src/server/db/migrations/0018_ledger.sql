-- Issue 32: the money ledger (decision 054), hosts' payout accounts and the admins' payouts
-- (decision 055). Hand-written: drizzle-kit cannot express the triggers.
--
-- A posting is one movement of money (a renter's payment, a refund, one booking's share of a
-- payout); its entries say which accounts it moved between, in signed halalas (debit > 0,
-- credit < 0) that sum to zero. Neither is ever changed or removed: a correction is a new posting.
CREATE TABLE "ledger_postings" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "kind" text NOT NULL,
  -- the payment's id, the refund's id, or the payout's id
  "source_id" text NOT NULL,
  "booking_id" uuid NOT NULL,
  -- the space's host when the money moved: whose balance the host_payable entries are
  "host_id" text NOT NULL,
  "at" timestamp with time zone NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "ledger_postings_kind_check" CHECK ("kind" in ('payment', 'refund', 'payout')),
  CONSTRAINT "ledger_postings_source_check" CHECK (char_length("source_id") between 1 and 200),
  CONSTRAINT "ledger_postings_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "bookings"("id") ON DELETE restrict,
  CONSTRAINT "ledger_postings_host_id_users_id_fk" FOREIGN KEY ("host_id") REFERENCES "users"("id") ON DELETE restrict,
  -- a payout pays many bookings, one posting each
  CONSTRAINT "ledger_postings_source_key" UNIQUE ("kind", "source_id", "booking_id")
);--> statement-breakpoint
-- A payment or a refund posts once, whichever booking a second call names.
CREATE UNIQUE INDEX "ledger_postings_money_source_key" ON "ledger_postings" ("kind", "source_id") WHERE "kind" <> 'payout';--> statement-breakpoint
CREATE INDEX "ledger_postings_booking_idx" ON "ledger_postings" ("booking_id");--> statement-breakpoint
CREATE INDEX "ledger_postings_host_idx" ON "ledger_postings" ("host_id", "at");--> statement-breakpoint
CREATE TABLE "ledger_entries" (
  "id" bigserial PRIMARY KEY NOT NULL,
  "posting_id" uuid NOT NULL,
  "account" text NOT NULL,
  "amount_halalas" integer NOT NULL,
  CONSTRAINT "ledger_entries_account_check" CHECK ("account" in ('gateway', 'host_payable', 'platform_fee', 'fee_vat')),
  CONSTRAINT "ledger_entries_amount_check" CHECK ("amount_halalas" <> 0),
  CONSTRAINT "ledger_entries_posting_id_ledger_postings_id_fk" FOREIGN KEY ("posting_id") REFERENCES "ledger_postings"("id") ON DELETE restrict,
  CONSTRAINT "ledger_entries_account_key" UNIQUE ("posting_id", "account")
);--> statement-breakpoint
-- (Named without the hs_ prefix, which marks the search functions of search.sql.) An empty table
-- may be truncated: nothing is lost, and a test's `truncate … cascade` reaches it through bookings.
CREATE FUNCTION "ledger_immutable"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  has_rows boolean;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    EXECUTE format('SELECT EXISTS (SELECT 1 FROM %I.%I)', TG_TABLE_SCHEMA, TG_TABLE_NAME) INTO has_rows;
    IF NOT has_rows THEN
      RETURN NULL;
    END IF;
  END IF;
  RAISE EXCEPTION '% rows are never changed or removed: post a correction instead', TG_TABLE_NAME
    USING ERRCODE = 'restrict_violation';
END $$;--> statement-breakpoint
CREATE TRIGGER "ledger_postings_immutable" BEFORE UPDATE OR DELETE ON "ledger_postings"
  FOR EACH ROW EXECUTE FUNCTION "ledger_immutable"();--> statement-breakpoint
CREATE TRIGGER "ledger_postings_no_truncate" BEFORE TRUNCATE ON "ledger_postings"
  FOR EACH STATEMENT EXECUTE FUNCTION "ledger_immutable"();--> statement-breakpoint
CREATE TRIGGER "ledger_entries_immutable" BEFORE UPDATE OR DELETE ON "ledger_entries"
  FOR EACH ROW EXECUTE FUNCTION "ledger_immutable"();--> statement-breakpoint
CREATE TRIGGER "ledger_entries_no_truncate" BEFORE TRUNCATE ON "ledger_entries"
  FOR EACH STATEMENT EXECUTE FUNCTION "ledger_immutable"();--> statement-breakpoint
-- Double entry, checked by the database when the transaction commits: each posting's entries
-- sum to zero (debits = credits), so no writer can leave a halala unaccounted for.
CREATE FUNCTION "ledger_posting_balanced"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  total bigint;
BEGIN
  SELECT coalesce(sum("amount_halalas"), 0) INTO total
    FROM "ledger_entries" WHERE "posting_id" = NEW."posting_id";
  IF total <> 0 THEN
    RAISE EXCEPTION 'ledger posting % does not balance: its entries sum to % halalas', NEW."posting_id", total
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "ledger_entries_balanced" AFTER INSERT ON "ledger_entries"
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION "ledger_posting_balanced"();--> statement-breakpoint
-- Where a host's payouts go: a Saudi IBAN (SA + 22 digits, mod-97 checked by the application,
-- src/shared/domain/iban.ts) and the name on the account, which the bank's transfer file needs.
CREATE TABLE "host_payout_accounts" (
  "host_id" text PRIMARY KEY NOT NULL,
  "iban" text NOT NULL,
  "holder_name" text NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "host_payout_accounts_host_id_users_id_fk" FOREIGN KEY ("host_id") REFERENCES "users"("id") ON DELETE cascade,
  CONSTRAINT "host_payout_accounts_iban_check" CHECK ("iban" ~ '^SA[0-9]{22}$'),
  CONSTRAINT "host_payout_accounts_holder_check" CHECK (char_length("holder_name") between 2 and 70)
);--> statement-breakpoint
-- An admin's payout run: what each host is sent (with the IBAN and name as they were then, for
-- the bank's file), each booking's share of it posted to the ledger under the payout's id.
CREATE TABLE "payouts" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "created_by" text,
  -- bookings that ended by this moment were paid
  "cutoff" timestamp with time zone NOT NULL,
  "total_halalas" integer NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "payouts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "users"("id") ON DELETE set null,
  CONSTRAINT "payouts_total_check" CHECK ("total_halalas" > 0)
);--> statement-breakpoint
CREATE INDEX "payouts_created_idx" ON "payouts" ("created_at");--> statement-breakpoint
CREATE TABLE "payout_transfers" (
  "payout_id" uuid NOT NULL,
  "host_id" text NOT NULL,
  "iban" text NOT NULL,
  "holder_name" text NOT NULL,
  "amount_halalas" integer NOT NULL,
  CONSTRAINT "payout_transfers_pkey" PRIMARY KEY ("payout_id", "host_id"),
  CONSTRAINT "payout_transfers_payout_id_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "payouts"("id") ON DELETE restrict,
  CONSTRAINT "payout_transfers_host_id_users_id_fk" FOREIGN KEY ("host_id") REFERENCES "users"("id") ON DELETE restrict,
  CONSTRAINT "payout_transfers_iban_check" CHECK ("iban" ~ '^SA[0-9]{22}$'),
  CONSTRAINT "payout_transfers_amount_check" CHECK ("amount_halalas" > 0)
);--> statement-breakpoint
CREATE TRIGGER "payouts_immutable" BEFORE UPDATE OR DELETE ON "payouts"
  FOR EACH ROW EXECUTE FUNCTION "ledger_immutable"();--> statement-breakpoint
CREATE TRIGGER "payout_transfers_immutable" BEFORE UPDATE OR DELETE ON "payout_transfers"
  FOR EACH ROW EXECUTE FUNCTION "ledger_immutable"();
