-- Issue 38 (decision 071): "delete my account" with a grace period, and changing the email or
-- the phone number. A person asks for deletion (`deletion_requested_at`); signing in during the
-- grace clears it; the sweep erases their personal data after it (`deleted_at`).
ALTER TABLE "users" ADD COLUMN "deletion_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "users_deletion_due_idx" ON "users" ("deletion_requested_at") WHERE "deletion_requested_at" IS NOT NULL AND "deleted_at" IS NULL;--> statement-breakpoint
-- A phone code can also confirm a new number (purpose 'change').
ALTER TABLE "phone_codes" DROP CONSTRAINT "phone_codes_purpose_check";--> statement-breakpoint
ALTER TABLE "phone_codes" ADD CONSTRAINT "phone_codes_purpose_check" CHECK ("phone_codes"."purpose" in ('signup', 'signin', 'reset', 'change'));--> statement-breakpoint
-- A change of email or phone asked for on the account page: counted per account for its limit;
-- an email change carries the hash of the link's token sent to the new address.
CREATE TABLE "contact_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"kind" text NOT NULL,
	"new_value" text NOT NULL,
	"token_hash" text,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contact_changes_kind_check" CHECK ("kind" in ('email', 'phone'))
);--> statement-breakpoint
CREATE UNIQUE INDEX "contact_changes_token_key" ON "contact_changes" ("token_hash");--> statement-breakpoint
CREATE INDEX "contact_changes_user_idx" ON "contact_changes" ("user_id", "kind", "created_at");
