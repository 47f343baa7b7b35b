-- Custom migration (issue 19, decision 045): a search with a city reads only that city's matches.
-- Before, a text or amenities search with a city took every match of its words or amenities
-- from their GIN index and dropped the other cities' at the heap: "قاعة الواحة" in Riyadh read
-- 16,000 heap pages to count 1,001 matches (37 ms at 100,000 spaces). btree_gin lets one GIN
-- index hold the city beside the words or the amenities, so the index itself gives the
-- intersection. Like 0004, 0013 and 0015, schema.ts does not declare these.
CREATE EXTENSION IF NOT EXISTS btree_gin;
--> statement-breakpoint
CREATE INDEX "spaces_search_city_document_idx" ON "spaces" USING gin ("city", "search_document")
  WITH (gin_pending_list_limit = 256) WHERE "status" = 'approved';
--> statement-breakpoint
CREATE INDEX "spaces_search_city_names_idx" ON "spaces" USING gin ("city", "search_names")
  WITH (gin_pending_list_limit = 256) WHERE "status" = 'approved';
--> statement-breakpoint
CREATE INDEX "spaces_search_city_amenities_idx" ON "spaces" USING gin ("city", "amenities")
  WITH (gin_pending_list_limit = 256) WHERE "status" = 'approved';
--> statement-breakpoint
-- Every search GIN index keeps at most 256 kB of new entries unmerged (PostgreSQL's default is
-- 4 MB). A GIN index batches what writes add in a pending list that every scan reads whole until
-- it is merged (when full, or by (auto)vacuum or analyze). After 6,000 edits of one space, the
-- pending lists held 137–486 pages and "قاعة الواحة" in Riyadh took 46 ms instead of 9; at
-- 256 kB a scan reads at most 32 such pages, and an edit costs 2.1–2.4 ms instead of 1.6.
ALTER INDEX "spaces_search_document_idx" SET (gin_pending_list_limit = 256);
--> statement-breakpoint
ALTER INDEX "spaces_search_names_idx" SET (gin_pending_list_limit = 256);
--> statement-breakpoint
ALTER INDEX "spaces_search_names_trgm_idx" SET (gin_pending_list_limit = 256);
--> statement-breakpoint
ALTER INDEX "spaces_search_names_equipped_idx" SET (gin_pending_list_limit = 256);
--> statement-breakpoint
ALTER INDEX "spaces_search_document_equipped_idx" SET (gin_pending_list_limit = 256);
--> statement-breakpoint
ALTER INDEX "spaces_search_amenities_idx" SET (gin_pending_list_limit = 256);
--> statement-breakpoint
ALTER INDEX "spaces_search_days_idx" SET (gin_pending_list_limit = 256);
