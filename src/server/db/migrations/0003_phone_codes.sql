CREATE TABLE "phone_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"phone" text NOT NULL,
	"purpose" text NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	"proof_hash" text,
	"proof_expires_at" timestamp with time zone,
	"proof_used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "phone_codes_purpose_check" CHECK ("phone_codes"."purpose" in ('signup', 'signin'))
);
--> statement-breakpoint
CREATE INDEX "phone_codes_phone_created_idx" ON "phone_codes" USING btree ("phone","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "phone_codes_proof_key" ON "phone_codes" USING btree ("proof_hash");