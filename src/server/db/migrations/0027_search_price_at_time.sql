-- The price per hour of a time, for the search's price filter and sorts when a date and a time
-- are given (issue 35, decision 070). Its text, and why, are in
-- src/server/features/spaces/search.sql (section 6).
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
