-- Custom migration (issue 19, decision 045): a search with a city reads only that city's matches.
-- Before, a text or amenities search with a city took every match of its words or amenities
-- from their GIN index and dropped the other cities' at the heap: "قاعة الواحة" in Riyadh read
-- 16,000 heap pages to count 1,001 matches (37 ms at 100,000 spaces). btree_gin lets one GIN
-- index hold the city beside the words or the amenities, so the index itself gives the
-- intersection. Like 0004, 0013 and 0015, schema.ts does not declare these.
CREATE EXTENSION IF NOT EXISTS btree_gin;
--> statement-breakpoint
CREATE INDEX "spaces_search_city_document_idx" ON "spaces" USING gin ("city", "search_document")
  WHERE "status" = 'approved';
--> statement-breakpoint
CREATE INDEX "spaces_search_city_names_idx" ON "spaces" USING gin ("city", "search_names")
  WHERE "status" = 'approved';
--> statement-breakpoint
CREATE INDEX "spaces_search_city_amenities_idx" ON "spaces" USING gin ("city", "amenities")
  WHERE "status" = 'approved';
