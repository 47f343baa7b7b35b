-- Issue 37, item 1 (decision 066): an edit to content waiting for review is a new version that
-- rejoins the review queue, marked "changed since submitted" on the desk. Hand-written.
-- spaces.content_changed_at: when a host last changed the content of a listing still pending
-- review (null: never changed since it was submitted); the desk's pending tab orders by it.
ALTER TABLE "spaces" ADD COLUMN "content_changed_at" timestamp with time zone;--> statement-breakpoint
-- space_revisions.changed_at: when a host last rewrote a pending revision (null: as submitted).
ALTER TABLE "space_revisions" ADD COLUMN "changed_at" timestamp with time zone;
