-- Custom migration (issue 5: renters find spaces). What drizzle-kit cannot express: immutable
-- SQL functions, a generated tsvector column and expression / partial indexes. schema.ts does
-- not declare them on purpose (like 0002): drizzle never selects or writes `search_document`.
--
-- Arabic text is normalised before it is indexed or searched, so spelling variants meet:
-- tashkeel and tatweel are dropped, alef forms (أ إ آ ٱ) become ا, taa marbuta ة becomes ه and
-- alef maqsura ى becomes ي. Latin letters are lower-cased. The same function runs on the query.
-- Calls between these functions name the schema: index builds run with a safe search_path (PG 17).
CREATE OR REPLACE FUNCTION hs_normalize(input text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT lower(translate(regexp_replace(input, '[\u064B-\u065F\u0670\u0640]', '', 'g'), 'أإآٱةى', 'ااااهي')) $$;
--> statement-breakpoint
-- The names in both languages, normalised: what trigram similarity compares (typos, partial words).
CREATE OR REPLACE FUNCTION hs_space_names(name_ar text, name_en text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT public.hs_normalize(coalesce(name_ar, '') || ' ' || coalesce(name_en, '')) $$;
--> statement-breakpoint
-- The full-text document: names weigh more (A) than descriptions and the address (B). Arabic
-- goes through the 'simple' configuration after normalisation (PostgreSQL has no Arabic
-- stemmer); English through 'english' (stemming, stop words) and also 'simple' for the names,
-- so a brand name is found as typed.
CREATE OR REPLACE FUNCTION hs_space_document(
  name_ar text, name_en text, description_ar text, description_en text, address text
) RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT
    setweight(to_tsvector('simple'::regconfig, public.hs_space_names(name_ar, name_en)), 'A')
    || setweight(to_tsvector('english'::regconfig, coalesce(name_en, '')), 'A')
    || setweight(to_tsvector('simple'::regconfig,
         public.hs_normalize(coalesce(description_ar, '') || ' ' || coalesce(address, ''))), 'B')
    || setweight(to_tsvector('english'::regconfig, coalesce(description_en, '')), 'B') $$;
--> statement-breakpoint
ALTER TABLE "spaces" ADD COLUMN "search_document" tsvector
  GENERATED ALWAYS AS (hs_space_document("name_ar", "name_en", "description_ar", "description_en", "address")) STORED;
--> statement-breakpoint
-- Every search reads approved spaces only: every index below is partial on that.
CREATE INDEX "spaces_search_document_idx" ON "spaces" USING gin ("search_document")
  WHERE "status" = 'approved';
--> statement-breakpoint
CREATE INDEX "spaces_search_names_trgm_idx" ON "spaces"
  USING gin (hs_space_names("name_ar", "name_en") gin_trgm_ops)
  WHERE "status" = 'approved';
--> statement-breakpoint
CREATE INDEX "spaces_search_city_type_idx" ON "spaces" ("city", "type", "created_at" DESC, "id" DESC)
  WHERE "status" = 'approved';
--> statement-breakpoint
CREATE INDEX "spaces_search_amenities_idx" ON "spaces" USING gin ("amenities")
  WHERE "status" = 'approved';
--> statement-breakpoint
CREATE INDEX "spaces_search_days_idx" ON "spaces" USING gin ("available_days")
  WHERE "status" = 'approved';
--> statement-breakpoint
-- One per sort order, each ending in the id: keyset pagination walks them in order.
CREATE INDEX "spaces_search_recommended_idx" ON "spaces"
  (cardinality("amenities") DESC, "created_at" DESC, "id" DESC)
  WHERE "status" = 'approved';
--> statement-breakpoint
CREATE INDEX "spaces_search_newest_idx" ON "spaces" ("created_at" DESC, "id" DESC)
  WHERE "status" = 'approved';
--> statement-breakpoint
CREATE INDEX "spaces_search_price_idx" ON "spaces" ("price_halalas", "id")
  WHERE "status" = 'approved';
--> statement-breakpoint
-- Also covers the filters, so counting "date + guests" matches is an index-only scan.
CREATE INDEX "spaces_search_capacity_idx" ON "spaces" ("capacity" DESC, "id" DESC)
  INCLUDE ("available_days", "amenities", "price_halalas", "city", "type")
  WHERE "status" = 'approved';
