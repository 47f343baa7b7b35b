-- Issue 38: a phone code can also reset a password (purpose 'reset').
ALTER TABLE "phone_codes" DROP CONSTRAINT "phone_codes_purpose_check";--> statement-breakpoint
ALTER TABLE "phone_codes" ADD CONSTRAINT "phone_codes_purpose_check" CHECK ("phone_codes"."purpose" in ('signup', 'signin', 'reset'));
--> statement-breakpoint
-- Issue 38: "download my data". The job queue gathers it into `data`; the emailed link carries a
-- token whose hash is kept here, and works for the account's own session until `expires_at`.
CREATE TABLE "data_exports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"locale" text DEFAULT 'ar' NOT NULL,
	"data" jsonb,
	"token_hash" text,
	"ready_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "data_exports_locale_check" CHECK ("data_exports"."locale" in ('ar', 'en'))
);--> statement-breakpoint
CREATE UNIQUE INDEX "data_exports_token_key" ON "data_exports" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "data_exports_user_idx" ON "data_exports" USING btree ("user_id","created_at");
