-- Custom migration (issue 19: text search that understands Arabic, and is fast at 100,000 spaces).
-- Decision 036. Like 0004, schema.ts does not declare these columns: drizzle never reads or
-- writes them.
--
-- PostgreSQL (15 and PGlite alike) ships the Snowball `arabic` configuration. On its own it is
-- uneven for how people write: it keeps "والقاعة", "لمعزول" and "قاعات" apart from "قاعة" and
-- "معزول", and stems "استوديو" and "الاستوديو" differently. So each Arabic text is indexed in
-- four forms — as written (normalised, `simple`), stemmed (`arabic`), and both again with its
-- clitics taken off — and a query word matches any one of them (src/server/features/spaces/search.ts).
-- Calls between these functions name the schema: index builds run with a safe search_path (PG 17).

-- What the stemmer is given: normalised text (hs_normalize, 0004) where a conjunction before the
-- article is dropped (والقاعة → القاعة), the sound feminine plural becomes the singular
-- (قاعات → قاعه) and a final ه is written ة again, the letter the stemmer knows to remove.
CREATE OR REPLACE FUNCTION hs_arabic_prepare(input text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT
    regexp_replace(
      regexp_replace(
        regexp_replace(public.hs_normalize(input),
          '(?<![\u0621-\u064A])[وف](?=(ال|بال|لل|كال)[\u0621-\u064A]{2})', '', 'g'),
        '(?<=[\u0621-\u064A]{3})ات(?![\u0621-\u064A])', 'ه', 'g'),
      'ه(?![\u0621-\u064A])', 'ة', 'g') $$;
--> statement-breakpoint
-- Normalised words without the article and what is attached before it (ال وال فال بال كال لل),
-- when three letters or more remain: "البودكاست" → "بودكاست". Used on both sides.
CREATE OR REPLACE FUNCTION hs_arabic_bare(input text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT regexp_replace(public.hs_normalize(input),
    '(?<![\u0621-\u064A])(وال|فال|بال|كال|لل|ال)(?=[\u0621-\u064A]{3})', '', 'g') $$;
--> statement-breakpoint
-- hs_arabic_bare, then one attached و ف ب ل ك when four letters or more remain
-- ("ومعزول" → "معزول", "لمعزول" → "معزول"). Documents only: a word of the text may carry a
-- clitic, and indexing the form without it too costs nothing at query time; stripping a query
-- word this way would turn "كتاب" into "تاب".
CREATE OR REPLACE FUNCTION hs_arabic_unclitic(input text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT regexp_replace(public.hs_arabic_bare(input),
    '(?<![\u0621-\u064A])[وفبلك](?=[\u0621-\u064A]{4})', '', 'g') $$;
--> statement-breakpoint
-- One text's Arabic forms: as written, stemmed, and both without clitics (see above).
CREATE OR REPLACE FUNCTION hs_arabic_document(input text) RETURNS tsvector
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT
    to_tsvector('simple'::regconfig, public.hs_normalize(input))
    || to_tsvector('arabic'::regconfig, public.hs_arabic_prepare(input))
    || to_tsvector('simple'::regconfig, public.hs_arabic_unclitic(input))
    || to_tsvector('arabic'::regconfig, public.hs_arabic_prepare(public.hs_arabic_unclitic(input))) $$;
--> statement-breakpoint
-- One query word's forms, any of which matches: as written, without the article, stemmed in
-- Arabic and, for a word with Latin letters, in English. Each form once: repeated forms would
-- only make the planner think the word more common than it is.
CREATE OR REPLACE FUNCTION hs_word_query(word text) RETURNS tsquery
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT coalesce(string_agg(DISTINCT quote_literal(lexeme), ' | '), '')::tsquery
    FROM unnest(
      tsvector_to_array(to_tsvector('simple'::regconfig, public.hs_normalize(word)))
      || tsvector_to_array(to_tsvector('simple'::regconfig, public.hs_arabic_bare(word)))
      || tsvector_to_array(to_tsvector('arabic'::regconfig, public.hs_arabic_prepare(word)))
      || CASE WHEN word ~ '[A-Za-z]'
           THEN tsvector_to_array(to_tsvector('english'::regconfig, word)) ELSE '{}'::text[] END
    ) AS lexeme $$;
--> statement-breakpoint
-- The names' document (weight A): Arabic forms of both names, and the English name stemmed.
CREATE OR REPLACE FUNCTION hs_space_names_document(name_ar text, name_en text) RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT setweight(
    public.hs_arabic_document(coalesce(name_ar, '') || ' ' || coalesce(name_en, ''))
    || to_tsvector('english'::regconfig, coalesce(name_en, '')), 'A') $$;
--> statement-breakpoint
-- Everything a word may be found in: the names (A), the descriptions and the address (B).
CREATE OR REPLACE FUNCTION hs_space_document(
  name_ar text, name_en text, description_ar text, description_en text, address text
) RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT
    public.hs_space_names_document(name_ar, name_en)
    || setweight(public.hs_arabic_document(coalesce(description_ar, '') || ' ' || coalesce(address, '')), 'B')
    || setweight(to_tsvector('english'::regconfig, coalesce(description_en, '')), 'B') $$;
--> statement-breakpoint
-- The stored forms replace 0004's column and its expression index: nothing is recomputed per row
-- at query time. PostgreSQL 15 cannot change a generated column's expression: drop and add.
DROP INDEX IF EXISTS "spaces_search_names_trgm_idx";
--> statement-breakpoint
ALTER TABLE "spaces" DROP COLUMN IF EXISTS "search_document";
--> statement-breakpoint
ALTER TABLE "spaces"
  ADD COLUMN "search_names_text" text
    GENERATED ALWAYS AS (hs_space_names("name_ar", "name_en")) STORED,
  ADD COLUMN "search_names" tsvector
    GENERATED ALWAYS AS (hs_space_names_document("name_ar", "name_en")) STORED,
  ADD COLUMN "search_document" tsvector
    GENERATED ALWAYS AS (hs_space_document("name_ar", "name_en", "description_ar", "description_en", "address")) STORED;
--> statement-breakpoint
CREATE INDEX "spaces_search_document_idx" ON "spaces" USING gin ("search_document")
  WHERE "status" = 'approved';
--> statement-breakpoint
CREATE INDEX "spaces_search_names_idx" ON "spaces" USING gin ("search_names")
  WHERE "status" = 'approved';
--> statement-breakpoint
CREATE INDEX "spaces_search_names_trgm_idx" ON "spaces" USING gin ("search_names_text" gin_trgm_ops)
  WHERE "status" = 'approved';
