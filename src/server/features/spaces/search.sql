-- The search rules as they stand: every function and trigger of the space search, in the order
-- they build on one another, each as the last migration that (re)defined it left it.
--
-- This file is not run by the app. Migrations (src/server/db/migrations) are how a change ships;
-- this file is where to read the result. tests/api/search-sql.test.ts fails when the migrated
-- database's functions or triggers differ from what is written here, so a change is made in both
-- places: a new migration with the new `CREATE OR REPLACE FUNCTION …`, and the same text here.
--
-- Where each came from (decisions 011, 036, 044, 045):
--   0004  hs_normalize, hs_space_names (and a first hs_space_document, replaced in 0013)
--   0013  the Arabic forms: hs_arabic_prepare, hs_arabic_bare, hs_arabic_unclitic,
--         hs_arabic_document, hs_space_names_document, hs_space_document (and a first
--         hs_word_query, replaced in 0015)
--   0015  hs_word_forms, hs_word_query; the word counts' table space_search_terms, the functions
--         that keep it and their triggers
--   0027  hs_hourly_price: the price per hour of a time, for the price filter and sorts
-- Besides these, the migrations hold what this file does not repeat: the generated columns
-- `search_names_text`, `search_names` and `search_document` on `spaces` (0013), the search
-- indexes (0004, 0013, 0015, 0016) and the table space_search_terms (0015). The queries that use
-- all this are in search.ts, text-search.ts and word-forms.ts beside this file.
--
-- Calls between these functions name the schema (`public.`): index builds run with a safe
-- search_path (PostgreSQL 17). Function bodies are compared as written, spaces included.

-- 1. Normalising: spelling variants meet.
--
-- Arabic text is normalised before it is indexed or searched, so spelling variants meet:
-- tashkeel and tatweel are dropped, alef forms (أ إ آ ٱ) become ا, taa marbuta ة becomes ه and
-- alef maqsura ى becomes ي. Latin letters are lower-cased. The same function runs on the query.
CREATE OR REPLACE FUNCTION hs_normalize(input text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT lower(translate(regexp_replace(input, '[\u064B-\u065F\u0670\u0640]', '', 'g'), 'أإآٱةى', 'ااااهي')) $$;
--> statement-breakpoint
-- The names in both languages, normalised: what trigram similarity compares (typos, partial
-- words); the generated column `search_names_text`.
CREATE OR REPLACE FUNCTION hs_space_names(name_ar text, name_en text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT public.hs_normalize(coalesce(name_ar, '') || ' ' || coalesce(name_en, '')) $$;
--> statement-breakpoint
-- 2. Arabic word forms (0013, decision 036).
--
-- PostgreSQL (15 and PGlite alike) ships the Snowball `arabic` configuration. On its own it is
-- uneven for how people write: it keeps "والقاعة", "لمعزول" and "قاعات" apart from "قاعة" and
-- "معزول", and stems "استوديو" and "الاستوديو" differently. So each Arabic text is indexed in
-- four forms — as written (normalised, `simple`), stemmed (`arabic`), and both again with its
-- clitics taken off — and a query word matches any one of them.
--
-- What the stemmer is given: normalised text where a conjunction before the article is dropped
-- (والقاعة → القاعة), the sound feminine plural becomes the singular (قاعات → قاعه) and a final
-- ه is written ة again, the letter the stemmer knows to remove.
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
-- 3. What a space is found by.
--
-- One text's Arabic forms: as written, stemmed, and both without clitics (see above).
CREATE OR REPLACE FUNCTION hs_arabic_document(input text) RETURNS tsvector
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT
    to_tsvector('simple'::regconfig, public.hs_normalize(input))
    || to_tsvector('arabic'::regconfig, public.hs_arabic_prepare(input))
    || to_tsvector('simple'::regconfig, public.hs_arabic_unclitic(input))
    || to_tsvector('arabic'::regconfig, public.hs_arabic_prepare(public.hs_arabic_unclitic(input))) $$;
--> statement-breakpoint
-- The names' document (weight A), the generated column `search_names`: Arabic forms of both
-- names, and the English name stemmed.
CREATE OR REPLACE FUNCTION hs_space_names_document(name_ar text, name_en text) RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT setweight(
    public.hs_arabic_document(coalesce(name_ar, '') || ' ' || coalesce(name_en, ''))
    || to_tsvector('english'::regconfig, coalesce(name_en, '')), 'A') $$;
--> statement-breakpoint
-- Everything a word may be found in, the generated column `search_document`: the names (A), the
-- descriptions and the address (B). English goes through 'english' (stemming, stop words).
CREATE OR REPLACE FUNCTION hs_space_document(
  name_ar text, name_en text, description_ar text, description_en text, address text
) RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT
    public.hs_space_names_document(name_ar, name_en)
    || setweight(public.hs_arabic_document(coalesce(description_ar, '') || ' ' || coalesce(address, '')), 'B')
    || setweight(to_tsvector('english'::regconfig, coalesce(description_en, '')), 'B') $$;
--> statement-breakpoint
-- 4. What a query word matches (0015, decision 044).
--
-- A query word's forms, any of which matches: as written, without the article, stemmed in Arabic
-- and, for a word with Latin letters, in English. Each form once: repeated forms would only make
-- the planner think the word more common than it is. The server keeps both the list and the
-- tsquery per word, computed once (word-forms.ts), and looks the forms up in space_search_terms.
CREATE OR REPLACE FUNCTION hs_word_forms(word text) RETURNS text[]
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT coalesce(array_agg(DISTINCT lexeme ORDER BY lexeme), '{}'::text[])
    FROM unnest(
      tsvector_to_array(to_tsvector('simple'::regconfig, public.hs_normalize(word)))
      || tsvector_to_array(to_tsvector('simple'::regconfig, public.hs_arabic_bare(word)))
      || tsvector_to_array(to_tsvector('arabic'::regconfig, public.hs_arabic_prepare(word)))
      || CASE WHEN word ~ '[A-Za-z]'
           THEN tsvector_to_array(to_tsvector('english'::regconfig, word)) ELSE '{}'::text[] END
    ) AS lexeme $$;
--> statement-breakpoint
-- The forms joined with "|": any one matches.
CREATE OR REPLACE FUNCTION hs_word_query(word text) RETURNS tsquery
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT coalesce(string_agg(quote_literal(lexeme), ' | '), '')::tsquery
    FROM unnest(public.hs_word_forms(word)) AS lexeme $$;
--> statement-breakpoint
-- 5. How many approved spaces hold each form of a word (space_search_terms, 0015, decision 044),
-- kept by triggers in the same transaction as the change. A search counts its matches only up to
-- 1,000 and then shows "1,000+"; when one form of one of its words is in more than 1,000 approved
-- spaces, that is already known here, without visiting a thousand rows.
--
-- Adds `shift_by` to each lexeme's count, in lexeme order (two writers lock shared rows in the
-- same order, so they wait for each other and never deadlock), and drops the rows left at zero.
CREATE OR REPLACE FUNCTION hs_shift_search_terms(shift_lexemes text[], shift_by integer[])
  RETURNS void LANGUAGE sql
  AS $$
    INSERT INTO public.space_search_terms AS t (lexeme, approved_spaces)
    SELECT l, sum(d)::integer FROM unnest(shift_lexemes, shift_by) AS x(l, d)
    GROUP BY l HAVING sum(d) <> 0 ORDER BY l
    ON CONFLICT (lexeme) DO UPDATE SET approved_spaces = t.approved_spaces + excluded.approved_spaces;
    DELETE FROM public.space_search_terms WHERE approved_spaces = 0 AND lexeme = ANY(shift_lexemes);
  $$;
--> statement-breakpoint
-- One statement's change to the approved documents: each lexeme of a document that stopped
-- counting (deleted, edited, no longer approved) −1, of one that started counting +1.
CREATE OR REPLACE FUNCTION hs_count_search_terms() RETURNS trigger LANGUAGE plpgsql
  AS $$
  DECLARE
    lexemes text[];
    deltas integer[];
  BEGIN
    IF TG_OP = 'INSERT' THEN
      SELECT array_agg(c.l), array_agg(c.d) INTO lexemes, deltas FROM (
        SELECT l, count(*)::integer AS d
        FROM new_spaces n CROSS JOIN LATERAL unnest(tsvector_to_array(n.search_document)) l
        WHERE n.status = 'approved' GROUP BY l) c;
    ELSIF TG_OP = 'DELETE' THEN
      SELECT array_agg(c.l), array_agg(c.d) INTO lexemes, deltas FROM (
        SELECT l, -count(*)::integer AS d
        FROM old_spaces o CROSS JOIN LATERAL unnest(tsvector_to_array(o.search_document)) l
        WHERE o.status = 'approved' GROUP BY l) c;
    ELSE
      SELECT array_agg(c.l), array_agg(c.d) INTO lexemes, deltas FROM (
        SELECT l, sum(d)::integer AS d FROM (
          SELECT unnest(tsvector_to_array(o.search_document)) AS l, -1 AS d
          FROM old_spaces o JOIN new_spaces n ON n.id = o.id
          WHERE o.status = 'approved' AND (n.status IS DISTINCT FROM o.status
            OR n.search_document IS DISTINCT FROM o.search_document)
          UNION ALL
          SELECT unnest(tsvector_to_array(n.search_document)), 1
          FROM new_spaces n JOIN old_spaces o ON o.id = n.id
          WHERE n.status = 'approved' AND (n.status IS DISTINCT FROM o.status
            OR n.search_document IS DISTINCT FROM o.search_document)
        ) changed GROUP BY l) c;
    END IF;
    IF lexemes IS NOT NULL THEN
      PERFORM public.hs_shift_search_terms(lexemes, deltas);
    END IF;
    RETURN NULL;
  END $$;
--> statement-breakpoint
-- TRUNCATE spaces empties the counts.
CREATE OR REPLACE FUNCTION hs_clear_search_terms() RETURNS trigger LANGUAGE plpgsql
  AS $$ BEGIN DELETE FROM public.space_search_terms; RETURN NULL; END $$;
--> statement-breakpoint
-- The triggers on `spaces`: once per statement, with its changed rows as tables.
CREATE TRIGGER "spaces_search_terms_insert" AFTER INSERT ON "spaces"
  REFERENCING NEW TABLE AS new_spaces
  FOR EACH STATEMENT EXECUTE FUNCTION hs_count_search_terms();
--> statement-breakpoint
CREATE TRIGGER "spaces_search_terms_update" AFTER UPDATE ON "spaces"
  REFERENCING OLD TABLE AS old_spaces NEW TABLE AS new_spaces
  FOR EACH STATEMENT EXECUTE FUNCTION hs_count_search_terms();
--> statement-breakpoint
CREATE TRIGGER "spaces_search_terms_delete" AFTER DELETE ON "spaces"
  REFERENCING OLD TABLE AS old_spaces
  FOR EACH STATEMENT EXECUTE FUNCTION hs_count_search_terms();
--> statement-breakpoint
CREATE TRIGGER "spaces_search_terms_truncate" AFTER TRUNCATE ON "spaces"
  FOR EACH STATEMENT EXECUTE FUNCTION hs_clear_search_terms();
--> statement-breakpoint
-- 6. The price per hour of a time (0027, issue 35, decision 070).
--
-- What the price filter and the price sorts compare when the renter gives a date and a time:
-- the same number as `hourlyPriceAt` (src/shared/domain/booking-price.ts), which owns the rule;
-- this is its transcription for the database, held equal for random rules and times by
-- tests/api/search-price-at-time.test.ts. `days` is the date's weekday and the next one (minutes
-- past midnight are the next day's). Each 30-minute slot is at the rate of the first band of its
-- day and time (`to` of 00:00 is the end of the day), else the base price; the day rate applies
-- when the window reaches its hours and it costs less than the quote's hour lines (one rounding
-- per rate); then per hour, rounded half up once: the day rate over the minutes, else the
-- minutes' average rate. A space with no band and no day rate is at its base price, read
-- without the slots.
CREATE OR REPLACE FUNCTION hs_hourly_price(
  base integer, rules jsonb, days text[], start_minute integer, minutes integer
) RETURNS integer
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT CASE
    WHEN jsonb_array_length(coalesce(rules->'bands', '[]')) = 0
      AND jsonb_typeof(rules->'dayRate') IS DISTINCT FROM 'object' THEN base
    ELSE (SELECT ((CASE
        WHEN (rules->'dayRate'->>'fromHours')::integer * 60 <= minutes
          AND (rules->'dayRate'->>'priceHalalas')::bigint < h.total
        THEN (rules->'dayRate'->>'priceHalalas')::bigint * 60 ELSE h.weighted END) * 2 + minutes)
        / (2 * minutes)
      FROM (SELECT sum((r.rate::bigint * r.mins * 2 + 60) / 120)::bigint AS total,
          sum(r.rate::bigint * r.mins)::bigint AS weighted
        FROM (SELECT s.rate, sum(s.len) AS mins
          FROM (SELECT least(30, start_minute + minutes - m) AS len,
              coalesce((SELECT (b.band->>'priceHalalasPerHour')::integer
                FROM jsonb_array_elements(rules->'bands') WITH ORDINALITY AS b(band, n)
                WHERE b.band->'days' ? days[1 + m / 1440]
                  AND m % 1440 >= split_part(b.band->>'from', ':', 1)::integer * 60
                    + split_part(b.band->>'from', ':', 2)::integer
                  AND m % 1440 < coalesce(nullif(split_part(b.band->>'to', ':', 1)::integer * 60
                    + split_part(b.band->>'to', ':', 2)::integer, 0), 1440)
                ORDER BY b.n LIMIT 1), base) AS rate
            FROM generate_series(start_minute, start_minute + minutes - 1, 30) AS m) s
          GROUP BY s.rate) r) h)::integer
  END $$;
