/**
 * `{ pending: 3, approved: 10, rejected: 0, all: 13 }` from `select status, count(*) … group by
 * status` — the review desk's tab counts. Statuses with no rows count 0.
 */
export function countsByStatus<S extends string>(
  statuses: readonly S[],
  rows: { status: S; n: number }[],
): Record<S | 'all', number> {
  const counts = Object.fromEntries([...statuses, 'all'].map((s) => [s, 0])) as Record<
    S | 'all',
    number
  >;
  for (const row of rows) {
    counts[row.status] = Number(row.n);
    counts.all += Number(row.n);
  }
  return counts;
}

/** One page of a status-filtered list with its tab counts; `total` is the filter's count. */
export function statusPage<S extends string, T>(
  query: { status?: S; page: number; pageSize: number },
  counts: Record<S | 'all', number>,
  items: T[],
) {
  return {
    items,
    page: query.page,
    pageSize: query.pageSize,
    total: query.status ? counts[query.status] : counts.all,
    counts,
  };
}
