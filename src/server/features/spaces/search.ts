import { sql, type SQL } from 'drizzle-orm';
import {
  decodeCursor,
  encodeCursor,
  isCursorId,
  isCursorInt,
  isCursorTimestamp,
  searchWords,
} from '#shared/domain/space-search.ts';
import { priceRange, readPriceRules } from '#shared/domain/price-rules.ts';
import { ratingAverage } from '#shared/domain/reviews.ts';
import { weekdayOf } from '#shared/domain/riyadh-calendar.ts';
import { endMinutes, parseTime } from '#shared/domain/booking-slots.ts';
import { DAYS } from '#shared/constants.ts';
import type {
  SpaceDetails,
  SpaceSearchQuery,
  SpaceSearchResult,
  SpaceSort,
} from '#shared/schemas/spaces.ts';
import type { Storage } from '#server/adapters/storage/storage.ts';
import type { Db, Queryable } from '#server/db/client.ts';
import { executePrepared } from '#server/db/prepared.ts';
import { AppError } from '#server/http/app-error.ts';
import { toSpaceImage } from './space-views.ts';
import { wordForms } from './word-forms.ts';

/**
 * Typo tolerance of the name match (pg_trgm word similarity, 0–1). PostgreSQL's default of 0.6
 * misses one wrong letter in a short word ("podcst"); 0.45 finds it without matching unrelated names.
 */
export const NAME_SIMILARITY_THRESHOLD = 0.45;

const APPROVED = sql`s.status = 'approved'`;

/**
 * The most matches counted exactly. Counting visits every matching row, which at 100,000
 * listings costs far more than the page itself; past this the explore page shows "1,000+".
 */
export const TOTAL_CAP = 1000;

/**
 * The well-equipped spaces, which come first within each relevance tier of the recommended
 * order: a tier reads them from their own GIN indexes (`spaces_search_names_equipped_idx` and
 * `spaces_search_document_equipped_idx`, migration 0015, whose predicates hold this number) and
 * the others only when they do not fill the page (decision 044).
 */
export const WELL_EQUIPPED_AMENITIES = 8;
const EQUIPPED = sql.raw(`cardinality(s.amenities) >= ${WELL_EQUIPPED_AMENITIES}`);
const NOT_EQUIPPED = sql.raw(`cardinality(s.amenities) < ${WELL_EQUIPPED_AMENITIES}`);

/** How many spaces match `where`, counting no further than one past TOTAL_CAP. */
const cappedCount = (where: SQL[]) =>
  sql`(select count(*)::int from (select 1 from spaces s where ${sql.join(where, sql` and `)} limit ${TOTAL_CAP + 1}) c)`;

/** Each sort: the columns of its keyset, in order, all in one direction, ending with the id. */
interface SortPlan {
  keys: { name: string; expr: SQL; kind: 'int' | 'timestamp' }[];
  direction: 'asc' | 'desc';
}

function sortPlan(sort: SpaceSort, hasText: boolean): SortPlan {
  const createdAt = { name: 'created_at', expr: sql`s.created_at`, kind: 'timestamp' as const };
  switch (sort) {
    case 'recommended':
      // Without words: the best-equipped spaces, then the newest (decision 011). With words:
      // the relevance tier first (decision 036), then the same.
      return {
        keys: [
          ...(hasText ? [{ name: 'score', expr: sql`score`, kind: 'int' as const }] : []),
          { name: 'amenity_count', expr: sql`cardinality(s.amenities)`, kind: 'int' },
          createdAt,
        ],
        direction: 'desc',
      };
    case 'newest':
      return { keys: [createdAt], direction: 'desc' };
    // `price_at`: the base price, or the price of the time the search gives (`priceAt`)
    case 'price_asc':
      return { keys: [{ name: 'price_at', expr: sql`price_at`, kind: 'int' }], direction: 'asc' };
    case 'price_desc':
      return { keys: [{ name: 'price_at', expr: sql`price_at`, kind: 'int' }], direction: 'desc' };
    case 'capacity':
      return {
        keys: [{ name: 'capacity', expr: sql`s.capacity`, kind: 'int' }],
        direction: 'desc',
      };
    case 'rating':
      // The best average first (as shown: one decimal), then the most reviewed; spaces without
      // reviews last. Hidden reviews are not in the totals (src/server/features/reviews).
      return {
        keys: [
          { name: 'rating_x10', expr: sql`rating_x10`, kind: 'int' },
          { name: 'review_count', expr: sql`s.review_count`, kind: 'int' },
        ],
        direction: 'desc',
      };
  }
}

/** A cursor this server did not issue (issue 37: every key checked before any cast, never a 500). */
const badCursor = () => new AppError('INVALID_CURSOR');

/** The keyset position after which the page starts, checked against the sort it claims. */
function cursorCondition(text: string, sort: SpaceSort, plan: SortPlan): SQL {
  const cursor = decodeCursor(text);
  if (!cursor || cursor.sort !== sort || cursor.keys.length !== plan.keys.length) throw badCursor();
  if (!isCursorId(cursor.id)) throw badCursor();
  const values = plan.keys.map((key, i) => {
    const value = cursor.keys[i];
    if (key.kind === 'int') {
      if (!isCursorInt(value)) throw badCursor();
      return sql`${value}::int`;
    }
    if (!isCursorTimestamp(value)) throw badCursor();
    return sql`${value}::timestamptz`;
  });
  const left = sql.join([...plan.keys.map((k) => sql.raw(k.name)), sql.raw('id')], sql`, `);
  const right = sql.join([...values, sql`${cursor.id}::uuid`], sql`, `);
  return plan.direction === 'asc' ? sql`(${left}) > (${right})` : sql`(${left}) < (${right})`;
}

interface CardRow extends Record<string, unknown> {
  id: string;
  type: string;
  city: string;
  listing_language: string;
  name_ar: string | null;
  name_en: string | null;
  capacity: number;
  price: number;
  price_at: number;
  price_rules: unknown;
  amenity_count: number;
  review_count: number;
  review_stars_sum: number;
  rating_x10: number;
  created_at_text: string;
  score: number | null;
  cover: { variants: Record<string, string>; width: number; height: number } | string | null;
}

/**
 * What a card shows and what the sorts' keysets read, of the space `s` (one `CardRow`); `priceAt`
 * is the price the price sorts read (`priceAt`).
 */
const cardColumns = (priceAt: SQL) => sql`s.id, s.type, s.city, s.listing_language, s.name_ar,
  s.name_en, s.capacity, s.price_halalas as price, ${priceAt} as price_at, s.price_rules,
  cardinality(s.amenities) as amenity_count,
  s.review_count, s.review_stars_sum,
  case when s.review_count > 0
    then round(s.review_stars_sum * 10.0 / s.review_count)::int else 0 end as rating_x10,
  s.created_at, s.created_at::text as created_at_text`;

/** The cover of the space whose id is `id` (a column name): looked up for a page's rows only. */
const COVER_OF = (id: string) =>
  sql`(select json_build_object('variants', i.variants, 'width', i.width, 'height', i.height)
    from space_images i where i.space_id = ${sql.raw(id)} order by i.position, i.id limit 1)`;

/** One relevance tier of a text search under "recommended" (decision 036). */
interface Tier {
  score: number;
  where: SQL;
}

/**
 * The relevance tiers, best first, each excluding the ones above it: every word in a name,
 * every word anywhere, some word in a name, some word anywhere. One word: only the first two.
 * A tier's matches are read from its GIN index as a bitmap, keeping only their sort keys, and
 * the tiers only as far as the page needs, so no match is ranked one by one (the cost at 100,000
 * spaces, docs/benchmarks.md; decisions 036, 037); within a tier, the well-equipped band first
 * (decision 044).
 */
function textTiers(all: SQL, any: SQL, oneWord: boolean): Tier[] {
  const namesAll = sql`s.search_names @@ ${all}`;
  const docAll = sql`s.search_document @@ ${all}`;
  if (oneWord)
    return [
      { score: 4, where: namesAll },
      { score: 3, where: sql`${docAll} and not ${namesAll}` },
    ];
  const namesAny = sql`s.search_names @@ ${any}`;
  return [
    { score: 4, where: namesAll },
    { score: 3, where: sql`${docAll} and not ${namesAll}` },
    { score: 2, where: sql`${namesAny} and not ${docAll}` },
    {
      score: 1,
      where: sql`s.search_document @@ ${any} and not ${namesAny} and not ${docAll}`,
    },
  ];
}

/**
 * One relevance tier's part of a page under "recommended" (decision 037), in one statement. The
 * tier's matches come from a GIN index as a bitmap and only their sort keys are kept (`t`,
 * materialized, so the planner cannot walk the recommended index testing documents instead);
 * the page is cut from those narrow rows, and only its rows are read whole, by primary key.
 * With `total`, the statement also counts the search's matches (decision 044).
 */
async function tierPage(
  db: Db,
  input: {
    where: SQL[];
    score: number;
    after: SQL;
    limit: number;
    total: SQL | null;
    priceAt: SQL;
  },
): Promise<{ total: number; pageRows: CardRow[] }> {
  const total = input.total ?? sql`null::int`;
  const result = await executePrepared<{ total: number | null; items: CardRow[] | string }>(
    db,
    sql`
    with t as materialized (
      select s.id, cardinality(s.amenities) as amenity_count, s.created_at
      from spaces s where ${sql.join(input.where, sql` and `)}
    ),
    page as (
      select * from t where ${input.after}
      order by amenity_count desc, created_at desc, id desc
      limit ${input.limit}
    )
    select ${total}::int as total,
      coalesce((select json_agg(r order by r.amenity_count desc, r.created_at desc, r.id desc) from (
        select c.*, ${input.score}::int as score, ${COVER_OF('c.id')} as cover
        from page p cross join lateral (
          select ${cardColumns(input.priceAt)} from spaces s where s.id = p.id
        ) c
      ) r), '[]') as items`,
  );
  const row = result.rows[0]!;
  const items = typeof row.items === 'string' ? (JSON.parse(row.items) as CardRow[]) : row.items;
  return { total: Number(row.total ?? 0), pageRows: items };
}

/**
 * GET /api/spaces: approved spaces matching every filter, one keyset page in a stable order,
 * and how many match in all. Words match either language in any of their written forms
 * (Arabic clitics, plurals, spelling variants; English stems): a space matches when any word
 * does, and under "recommended" spaces with every word, then names, come first. Only when no
 * word matches are names compared by trigram similarity (typos, partial words).
 */
export async function searchSpaces(
  db: Db,
  storage: Storage,
  query: SpaceSearchQuery,
): Promise<SpaceSearchResult> {
  const priceAt = priceAtTime(query);
  const filters: SQL[] = [APPROVED];
  if (query.type) filters.push(sql`s.type = ${query.type}`);
  if (query.city) filters.push(sql`s.city = ${query.city}`);
  if (query.date) filters.push(sql`s.available_days @> array[${weekdayOf(query.date)}]::text[]`);
  if (query.guests !== undefined) filters.push(sql`s.capacity >= ${query.guests}`);
  if (query.minPrice !== undefined) filters.push(sql`${priceAt} >= ${query.minPrice}`);
  if (query.maxPrice !== undefined) filters.push(sql`${priceAt} <= ${query.maxPrice}`);
  if (query.amenities?.length) {
    const list = sql.join(
      query.amenities.map((a) => sql`${a}`),
      sql`, `,
    );
    filters.push(sql`s.amenities @> array[${list}]::text[]`);
  }

  const words = searchWords(query.q ?? '');
  const hasText = words.length > 0;
  const plan = sortPlan(query.sort, hasText);
  const direction = sql.raw(plan.direction);
  const order = sql.join(
    [...plan.keys.map((k) => sql`${sql.raw(k.name)} ${direction}`), sql`id ${direction}`],
    sql`, `,
  );
  const limit = query.limit + 1;

  // One round trip per statement: the count — of at most TOTAL_CAP + 1 matches, one more than
  // the cap tells "more than the cap" — when asked, and a page, as JSON in the page's order.
  const searchWith = async (
    q: Queryable,
    page: { where: SQL[]; score: SQL; after: SQL; limit: number },
    total: SQL = sql`null::int`,
  ) => {
    const where = sql.join(page.where, sql` and `);
    // The cover is looked up for the page's rows only, after the limit. Outside a transaction
    // the statement is prepared (its planning cost more than its execution, decision 043).
    const statement = sql`
      select ${total} as total,
        coalesce((select json_agg(p order by ${order}) from (
          select r.*, ${COVER_OF('r.id')} as cover
          from (
            select * from (
              select ${cardColumns(priceAt)}, ${page.score} as score
              from spaces s where ${where}
            ) m
            where ${page.after}
            order by ${order}
            limit ${page.limit}
          ) r
        ) p), '[]') as items`;
    type Row = { total: number | null; items: CardRow[] | string };
    const result =
      q === db
        ? await executePrepared<Row>(db, statement)
        : ((await q.execute(statement)) as unknown as { rows: Row[] });
    const row = result.rows[0]!;
    const items = typeof row.items === 'string' ? (JSON.parse(row.items) as CardRow[]) : row.items;
    return { total: Number(row.total ?? 0), pageRows: items };
  };
  const after = query.cursor ? cursorCondition(query.cursor, query.sort, plan) : sql`true`;

  let found: { total: number; pageRows: CardRow[] };
  if (!hasText) {
    found = await searchWith(
      db,
      { where: filters, score: sql`null::int`, after, limit },
      cappedCount(filters),
    );
  } else {
    const forms = await wordForms(db, words);
    const wordQueries = forms.map((word) => sql`${word.query}::tsquery`);
    const all = sql`(${sql.join(wordQueries, sql` && `)})`;
    const any = sql`(${sql.join(wordQueries, sql` || `)})`;
    // The tiers' queries as values the statement computes once (an InitPlan each), not constants
    // the planner folds: it cannot know how the forms of one word overlap, misjudged how common
    // they are and then scanned the table to count; given a value it cannot see, it assumes the
    // words rare and reads their matches from the GIN index as a bitmap, which decision 036 got
    // with two planner settings in a transaction of four round trips (decision 037).
    const allParam = sql`(select ${all})`;
    const anyParam = sql`(select ${any})`;
    const matching = (words: SQL) => [...filters, sql`s.search_document @@ ${words}`];
    // The count stops one past the cap ("1,000+"), and is known without counting when (decision
    // 044): with no filter but the words, one form of one word is in more than TOTAL_CAP approved
    // spaces (space_search_terms); or more than TOTAL_CAP spaces hold every word (rarer forms, a
    // smaller bitmap than any word's). Otherwise the spaces with any word are counted.
    const allForms = JSON.stringify(forms.flatMap((word) => word.forms));
    const totalOf = (anyWords: SQL, allWords: SQL) => {
      const known: SQL[] = [];
      if (filters.length === 1)
        known.push(sql`(select max(t.approved_spaces) from space_search_terms t
          where t.lexeme in (select json_array_elements_text(${allForms}::json))) > ${TOTAL_CAP}`);
      if (words.length > 1) known.push(sql`${cappedCount(matching(allWords))} > ${TOTAL_CAP}`);
      const counted = cappedCount(matching(anyWords));
      if (known.length === 0) return counted;
      const whens = known.map((when) => sql`when ${when} then ${TOTAL_CAP + 1}`);
      return sql`case ${sql.join(whens, sql` `)} else ${counted} end`;
    };
    if (query.sort !== 'recommended') {
      // The words as values the planner sees: when they are in most spaces, it walks the sort's
      // index and stops at the page (a price sort of "استوديو تصوير": 3 ms, against 100 ms when
      // it cannot see them and sorts all 100,000 matches).
      const matches = matching(any);
      found = await searchWith(
        db,
        { where: matches, score: sql`null::int`, after, limit },
        totalOf(any, all),
      );
    } else {
      const total = totalOf(anyParam, allParam);
      // Tier by tier, from the cursor's tier on, until the page is full: one statement, one
      // round trip, when the first tier fills the page (decision 037).
      const cursor = query.cursor ? decodeCursor(query.cursor) : null;
      const [fromScore, ...rest] = (cursor?.keys ?? []) as number[];
      const pageRows: CardRow[] = [];
      let counted: number | undefined;
      tiers: for (const tier of textTiers(allParam, anyParam, words.length === 1)) {
        if (fromScore !== undefined && tier.score > fromScore) continue;
        const inTier = cursor !== null && tier.score === fromScore;
        const tierAfter = inTier
          ? sql`(amenity_count, created_at, id) < (${rest[0]}::int, ${String(rest[1])}::timestamptz, ${cursor.id}::uuid)`
          : sql`true`;
        // The well-equipped band first, unless the cursor is already past it.
        const bands =
          inTier && Number(rest[0]) < WELL_EQUIPPED_AMENITIES
            ? [NOT_EQUIPPED]
            : [EQUIPPED, NOT_EQUIPPED];
        for (const band of bands) {
          const result = await tierPage(db, {
            where: [...filters, tier.where, band],
            score: tier.score,
            after: tierAfter,
            limit: limit - pageRows.length,
            total: counted === undefined ? total : null,
            priceAt,
          });
          counted ??= result.total;
          // Statements apart, not one snapshot: a space edited between two of them could have
          // moved to the next tier or band; it is shown once.
          const seen = new Set(pageRows.map((row) => row.id));
          pageRows.push(...result.pageRows.filter((row) => !seen.has(row.id)));
          if (pageRows.length >= limit) break tiers;
        }
      }
      // A cursor past the last tier (a one-word query has two): an empty page, the true count.
      counted ??= (
        await searchWith(
          db,
          { where: [sql`false`], score: sql`null::int`, after: sql`true`, limit: 0 },
          total,
        )
      ).total;
      found = { total: counted, pageRows };
    }
    if (found.total === 0) {
      // No word matches: names compared by trigram similarity (typos, partial words), best
      // first. Far cheaper than always both: common Arabic trigrams would make the similarity
      // index visit most of the table.
      const text = words.join(' ');
      const similar = [...filters, sql`hs_normalize(${text}) <% s.search_names_text`];
      const score =
        query.sort === 'recommended'
          ? sql`round(word_similarity(hs_normalize(${text}), s.search_names_text) * 1000)::int`
          : sql`null::int`;
      found = await db.transaction(async (tx) => {
        await tx.execute(
          sql`select set_config('pg_trgm.word_similarity_threshold', ${String(NAME_SIMILARITY_THRESHOLD)}, true)`,
        );
        return searchWith(tx, { where: similar, score, after, limit }, cappedCount(similar));
      });
    }
  }
  const { total, pageRows } = found;

  const hasMore = pageRows.length > query.limit;
  const items = pageRows.slice(0, query.limit);
  const last = items.at(-1);
  const nextCursor =
    hasMore && last
      ? encodeCursor({
          sort: query.sort,
          id: last.id,
          keys: plan.keys.map((k) =>
            k.name === 'created_at'
              ? last.created_at_text
              : Number(last[k.name as keyof CardRow] as number),
          ),
        })
      : null;

  return {
    total: Math.min(total, TOTAL_CAP),
    totalCapped: total > TOTAL_CAP,
    nextCursor,
    items: items.map((row) => {
      const cover = typeof row.cover === 'string' ? JSON.parse(row.cover) : row.cover;
      return {
        id: row.id,
        type: row.type as SpaceDetails['type'],
        city: row.city as SpaceDetails['city'],
        listingLanguage: row.listing_language as SpaceDetails['listingLanguage'],
        nameAr: row.name_ar,
        nameEn: row.name_en,
        capacity: Number(row.capacity),
        priceHalalas: Number(row.price),
        // the lowest and highest rate by day and time (issue 35): a range when they differ
        ...rangeOf(Number(row.price), row.price_rules),
        cover: cover ? toSpaceImage(storage, cover) : null,
        rating: {
          average: ratingAverage(Number(row.review_stars_sum), Number(row.review_count)),
          count: Number(row.review_count),
        },
      };
    }),
  };
}

/**
 * The price per hour the price filter and sorts read (issue 35, decision 070): the base price,
 * or — with a date and a time — the price of that time by the space's rules (`hs_hourly_price`,
 * the database's transcription of `hourlyPriceAt`).
 */
function priceAtTime(query: SpaceSearchQuery): SQL {
  if (!query.date || !query.startTime || !query.endTime) return sql`s.price_halalas`;
  const start = parseTime(query.startTime)!;
  const minutes = endMinutes(start, parseTime(query.endTime)!) - start;
  const day = weekdayOf(query.date);
  const next = DAYS[(DAYS.indexOf(day) + 1) % DAYS.length]!;
  return sql`hs_hourly_price(s.price_halalas, s.price_rules, array[${day}, ${next}]::text[], ${start}::int, ${minutes}::int)`;
}

/** A card's price range per hour from the space's base price and its rates by day and time. */
function rangeOf(price: number, rules: unknown) {
  const range = priceRange(
    price,
    readPriceRules(typeof rules === 'string' ? JSON.parse(rules) : rules),
  );
  return { priceMinHalalas: range.min, priceMaxHalalas: range.max };
}
