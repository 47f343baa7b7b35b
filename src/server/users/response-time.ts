import { sql } from 'drizzle-orm';
import { RESPONSE_TIME_DAYS, RESPONSE_TIME_MIN_SAMPLES } from '#shared/domain/messages.ts';
import type { Queryable } from '../db/client.ts';

/**
 * How fast a host answers (issue 34): for each opening in the last 90 days — a renter's first
 * message in a conversation, or a booking request's line — the time until the host's next
 * message in that conversation; the median of the answered ones. Shown once there are
 * RESPONSE_TIME_MIN_SAMPLES (decision 056). Openings still unanswered are counted once older than
 * the median would allow: they enter as the time waited so far, so a host who stops answering
 * does not keep an old fast figure.
 */
const answeredOpenings = (now: Date, hostId?: string) => sql`
  with openings as (
    select c.host_id, m.conversation_id, m.id, m.created_at
    from messages m
    join conversations c on c.id = m.conversation_id
    where m.sender_role = 'renter'
      and m.created_at > ${now}::timestamptz - make_interval(days => ${RESPONSE_TIME_DAYS})
      ${hostId ? sql`and c.host_id = ${hostId}` : sql``}
      and (m.kind = 'booking' or m.id = (
        select min(f.id) from messages f
        where f.conversation_id = m.conversation_id and f.sender_role = 'renter' and f.kind = 'text'))
  ),
  timed as (
    select o.host_id,
      extract(epoch from coalesce(
        (select min(h.created_at) from messages h
          where h.conversation_id = o.conversation_id and h.id > o.id and h.sender_role = 'host'),
        ${now}::timestamptz) - o.created_at) / 60.0 as minutes,
      exists (select 1 from messages h
        where h.conversation_id = o.conversation_id and h.id > o.id and h.sender_role = 'host') as answered
    from openings o
  )
  select host_id,
    percentile_cont(0.5) within group (order by minutes) as median,
    count(*) filter (where answered)::int as samples
  from timed
  where answered or minutes > 24 * 60
  group by host_id`;

export interface ResponseTime {
  medianMinutes: number | null;
  samples: number;
}

const rowsOf = (result: unknown) =>
  (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as {
    host_id: string;
    median: number | string | null;
    samples: number | string;
  }[];

const toFigure = (
  row: { median: number | string | null; samples: number | string } | undefined,
) => {
  const samples = Number(row?.samples ?? 0);
  return {
    medianMinutes:
      samples >= RESPONSE_TIME_MIN_SAMPLES && row?.median != null
        ? Math.round(Number(row.median))
        : null,
    samples,
  };
};

/** One host's figure (the space page). */
export async function hostResponseTime(
  q: Queryable,
  hostId: string,
  now = new Date(),
): Promise<ResponseTime> {
  const [row] = rowsOf(await q.execute(answeredOpenings(now, hostId)));
  return toFigure(row);
}

/** Every host with an opening in the period (the admin desk), slowest first. */
export async function allResponseTimes(q: Queryable, now = new Date()) {
  const rows = rowsOf(await q.execute(answeredOpenings(now)));
  return rows
    .map((row) => ({ hostId: row.host_id, ...toFigure(row) }))
    .sort((a, b) => (b.medianMinutes ?? -1) - (a.medianMinutes ?? -1));
}
