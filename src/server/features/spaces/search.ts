import { sql, type SQL } from 'drizzle-orm';
import { decodeCursor, encodeCursor } from '#shared/domain/space-search.ts';
import { weekdayOf } from '#shared/domain/riyadh-calendar.ts';
import type {
  SpaceDetails,
  SpaceSearchQuery,
  SpaceSearchResult,
  SpaceSort,
} from '#shared/schemas/spaces.ts';
import type { Storage } from '../../adapters/storage/storage.ts';
import type { Db, Queryable } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import { toSpaceImage } from './space-views.ts';

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

/** Each sort: the columns of its keyset, in order, all in one direction, ending with the id. */
interface SortPlan {
  keys: { name: string; expr: SQL; kind: 'int' | 'timestamp' }[];
  direction: 'asc' | 'desc';
}

function sortPlan(sort: SpaceSort, hasText: boolean): SortPlan {
  const createdAt = { name: 'created_at', expr: sql`s.created_at`, kind: 'timestamp' as const };
  switch (sort) {
    case 'recommended':
      // With words: the best match first. Without: the best-equipped spaces, then the newest
      // (docs/decisions/011-search-order-and-text.md).
      return hasText
        ? { keys: [{ name: 'score', expr: sql`score`, kind: 'int' }], direction: 'desc' }
        : {
            keys: [
              { name: 'amenity_count', expr: sql`cardinality(s.amenities)`, kind: 'int' },
              createdAt,
            ],
            direction: 'desc',
          };
    case 'newest':
      return { keys: [createdAt], direction: 'desc' };
    case 'price_asc':
      return {
        keys: [{ name: 'price', expr: sql`s.price_halalas`, kind: 'int' }],
        direction: 'asc',
      };
    case 'price_desc':
      return {
        keys: [{ name: 'price', expr: sql`s.price_halalas`, kind: 'int' }],
        direction: 'desc',
      };
    case 'capacity':
      return {
        keys: [{ name: 'capacity', expr: sql`s.capacity`, kind: 'int' }],
        direction: 'desc',
      };
  }
}

const TIMESTAMP_TEXT = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2})?$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const badCursor = () => new AppError(400, 'VALIDATION_ERROR', { cursor: 'fields.invalid' });

/** The keyset position after which the page starts, checked against the sort it claims. */
function cursorCondition(text: string, sort: SpaceSort, plan: SortPlan): SQL {
  const cursor = decodeCursor(text);
  if (!cursor || cursor.sort !== sort || cursor.keys.length !== plan.keys.length) throw badCursor();
  if (!UUID.test(cursor.id)) throw badCursor();
  const values = plan.keys.map((key, i) => {
    const value = cursor.keys[i];
    if (key.kind === 'int') {
      if (typeof value !== 'number' || !Number.isSafeInteger(value)) throw badCursor();
      return sql`${value}::int`;
    }
    if (typeof value !== 'string' || !TIMESTAMP_TEXT.test(value)) throw badCursor();
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
  amenity_count: number;
  created_at_text: string;
  score: number | null;
  cover: { variants: Record<string, string>; width: number; height: number } | string | null;
}

/**
 * GET /api/spaces: approved spaces matching every filter, one keyset page in a stable order,
 * and how many match in all. Words match either language: full text (Arabic normalised,
 * English stemmed) or a name that is similar enough (typos, partial words).
 */
export async function searchSpaces(
  db: Db,
  storage: Storage,
  query: SpaceSearchQuery,
): Promise<SpaceSearchResult> {
  const filters: SQL[] = [APPROVED];
  if (query.type) filters.push(sql`s.type = ${query.type}`);
  if (query.city) filters.push(sql`s.city = ${query.city}`);
  if (query.date) filters.push(sql`s.available_days @> array[${weekdayOf(query.date)}]::text[]`);
  if (query.guests !== undefined) filters.push(sql`s.capacity >= ${query.guests}`);
  if (query.minPrice !== undefined) filters.push(sql`s.price_halalas >= ${query.minPrice}`);
  if (query.maxPrice !== undefined) filters.push(sql`s.price_halalas <= ${query.maxPrice}`);
  if (query.amenities?.length) {
    const list = sql.join(
      query.amenities.map((a) => sql`${a}`),
      sql`, `,
    );
    filters.push(sql`s.amenities @> array[${list}]::text[]`);
  }

  const text = query.q && query.q.length > 0 ? query.q : undefined;
  const tsQuery = sql`(websearch_to_tsquery('simple', hs_normalize(${text ?? ''})) || websearch_to_tsquery('english', ${text ?? ''}))`;
  const names = sql`hs_space_names(s.name_ar, s.name_en)`;
  const matchesWords = sql`s.search_document @@ ${tsQuery}`;
  const similarName = sql`hs_normalize(${text ?? ''}) <% ${names}`;
  const plan = sortPlan(query.sort, Boolean(text));
  const score = text
    ? sql`round((ts_rank(s.search_document, ${tsQuery}) + word_similarity(hs_normalize(${text}), ${names})) * 100000)::int`
    : sql`null::int`;
  const after = query.cursor ? cursorCondition(query.cursor, query.sort, plan) : sql`true`;
  const direction = sql.raw(plan.direction);
  const order = sql.join(
    [...plan.keys.map((k) => sql`${sql.raw(k.name)} ${direction}`), sql`id ${direction}`],
    sql`, `,
  );
  // One round trip: the count — of at most TOTAL_CAP + 1 matches, one more than the cap tells
  // "more than the cap" — and the page, as JSON in the page's order.
  const searchWith = async (q: Queryable, conditions: SQL[]) => {
    const where = sql.join(conditions, sql` and `);
    const result = (await q.execute(sql`
      select
        (select count(*)::int from (select 1 from spaces s where ${where} limit ${TOTAL_CAP + 1}) c) as total,
        coalesce((select json_agg(p order by ${order}) from (
          select * from (
            select s.id, s.type, s.city, s.listing_language, s.name_ar, s.name_en, s.capacity,
              s.price_halalas as price, cardinality(s.amenities) as amenity_count,
              s.created_at, s.created_at::text as created_at_text, ${score} as score,
              (select json_build_object('variants', i.variants, 'width', i.width, 'height', i.height)
                 from space_images i where i.space_id = s.id order by i.position, i.id limit 1) as cover
            from spaces s where ${where}
          ) m
          where ${after}
          order by ${order}
          limit ${query.limit + 1}
        ) p), '[]') as items`)) as unknown as {
      rows: { total: number; items: CardRow[] | string }[];
    };
    const row = result.rows[0]!;
    const items = typeof row.items === 'string' ? (JSON.parse(row.items) as CardRow[]) : row.items;
    return { total: Number(row.total), pageRows: items };
  };

  let found: { total: number; pageRows: CardRow[] };
  if (!text) {
    found = await searchWith(db, filters);
  } else {
    // Words first: full text in either language. Only when that finds nothing are names
    // compared by trigram similarity (typos, partial words) — far cheaper than always both, as
    // common trigrams would make the similarity index visit most of the table.
    found = await searchWith(db, [...filters, matchesWords]);
    if (found.total === 0) {
      found = await db.transaction(async (tx) => {
        await tx.execute(
          sql`select set_config('pg_trgm.word_similarity_threshold', ${String(NAME_SIMILARITY_THRESHOLD)}, true)`,
        );
        return searchWith(tx, [...filters, similarName]);
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
        cover: cover ? toSpaceImage(storage, cover) : null,
      };
    }),
  };
}
