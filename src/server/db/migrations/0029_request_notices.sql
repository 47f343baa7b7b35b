-- Issue 37 (decision 072): the "new request" emails to a host and to the admins are coalesced —
-- the first of a quiet period goes at once, the requests after it wait in this outbox and go in
-- one email per recipient at most every 10 minutes. Hand-written.
-- request_notice_recipients: one row per person and role told (`host:<user id>`,
-- `admin:<user id>`, `admin:team`): their address and language as of their first request, and
-- when they were last emailed. The jobs that empty the outbox take turns on this row's lock.
CREATE TABLE "request_notice_recipients" (
	"recipient" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"locale" text NOT NULL,
	"last_sent_at" timestamp with time zone
);--> statement-breakpoint
-- request_notices: a request not yet told to a recipient; the job deletes the rows it emails, in
-- the transaction that queues the email.
CREATE TABLE "request_notices" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"recipient" text NOT NULL,
	"booking_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "request_notices_recipient_booking_unique" UNIQUE("recipient","booking_id")
);--> statement-breakpoint
ALTER TABLE "request_notices" ADD CONSTRAINT "request_notices_recipient_fk" FOREIGN KEY ("recipient") REFERENCES "public"."request_notice_recipients"("recipient") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_notices" ADD CONSTRAINT "request_notices_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;
