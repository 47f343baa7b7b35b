/** SQLSTATE of a database error, looking through the wrappers drivers and Drizzle add. */
export function pgErrorCode(error: unknown): string | undefined {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, i = 0; e && i < 5; i++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
    e = e.cause as typeof e;
  }
  return undefined;
}

/** Serialisation failures and deadlocks: worth one more try, which sees the winner's commit. */
export const isRetryable = (error: unknown) => {
  const code = pgErrorCode(error);
  return code === '40001' || code === '40P01';
};
