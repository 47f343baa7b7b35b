-- Issue 38: a phone code can also reset a password (purpose 'reset').
ALTER TABLE "phone_codes" DROP CONSTRAINT "phone_codes_purpose_check";--> statement-breakpoint
ALTER TABLE "phone_codes" ADD CONSTRAINT "phone_codes_purpose_check" CHECK ("phone_codes"."purpose" in ('signup', 'signin', 'reset'));
