-- Custom migration (issue 19, decision 044): a text search at 100,000 spaces reads only what
-- its first page needs. Like 0004 and 0013, schema.ts does not declare these: drizzle never
-- reads or writes them.
--
-- 1. How many approved spaces hold each form of a word (a lexeme of `search_document`), kept by
--    triggers in the same transaction as the change. A search counts its matches only up to
--    1,000 and then shows "1,000+"; when one form of one of its words is in more than 1,000
--    approved spaces, that is already known here, without visiting a thousand rows.
CREATE TABLE "space_search_terms" (
  "lexeme" text PRIMARY KEY,
  "approved_spaces" integer NOT NULL
);
--> statement-breakpoint
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
CREATE OR REPLACE FUNCTION hs_clear_search_terms() RETURNS trigger LANGUAGE plpgsql
  AS $$ BEGIN DELETE FROM public.space_search_terms; RETURN NULL; END $$;
--> statement-breakpoint
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
INSERT INTO "space_search_terms" (lexeme, approved_spaces)
  SELECT l, count(*)::integer
  FROM spaces s CROSS JOIN LATERAL unnest(tsvector_to_array(s.search_document)) l
  WHERE s.status = 'approved' GROUP BY l;
--> statement-breakpoint
-- 2. The well-equipped spaces (8 of the 12 amenities or more: WELL_EQUIPPED_AMENITIES in
--    src/server/features/spaces/search.ts), which come first within each relevance tier of the
--    recommended order: a tier's first page is read from these smaller indexes, without reading
--    every match to sort them; only when they hold fewer than a page are the others read.
CREATE INDEX "spaces_search_names_equipped_idx" ON "spaces" USING gin ("search_names")
  WHERE "status" = 'approved' AND cardinality("amenities") >= 8;
--> statement-breakpoint
CREATE INDEX "spaces_search_document_equipped_idx" ON "spaces" USING gin ("search_document")
  WHERE "status" = 'approved' AND cardinality("amenities") >= 8;
--> statement-breakpoint
-- 3. A query word's forms as a list (the lexemes hs_word_query joins with "|"): the server keeps
--    both per word, computed once, and looks the forms up in space_search_terms.
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
CREATE OR REPLACE FUNCTION hs_word_query(word text) RETURNS tsquery
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT coalesce(string_agg(quote_literal(lexeme), ' | '), '')::tsquery
    FROM unnest(public.hs_word_forms(word)) AS lexeme $$;
