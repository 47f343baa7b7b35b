import { Writable } from 'node:stream';

const LEVELS: Record<number, string> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: 'INFO ',
  40: 'WARN ',
  50: 'ERROR',
  60: 'FATAL',
};
/** Fields every line has, or that the line's text already says. */
const SKIP = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'reqId', 'v']);

const clock = (time: unknown) =>
  new Date(typeof time === 'number' ? time : Date.now()).toISOString().slice(11, 19);

const short = (value: unknown) => {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
};

/**
 * One pino JSON line → one readable line: `14:02:11 INFO  POST /api/contact 201 12 ms`, or the
 * message with its fields as `key=value`; an error's stack on the lines after. Unreadable input
 * is passed through as it came.
 */
export function formatDevLine(line: string): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(line) as Record<string, unknown>;
  } catch {
    return line;
  }
  const level = LEVELS[Number(entry.level)] ?? String(entry.level);
  const err = entry.err as { stack?: string; message?: string } | undefined;
  // A request line (plugins/request-log.ts) already says its status and time.
  const isRequest = /^[A-Z]+ \S+ \d{3} \d+ ms$/.test(String(entry.msg ?? ''));
  const fields = Object.entries(entry)
    .filter(([key]) => !SKIP.has(key) && key !== 'err')
    .filter(([key]) => !(isRequest && (key === 'status' || key === 'ms')))
    .map(([key, value]) => `${key}=${short(value)}`);
  if (err && !err.stack && err.message) fields.push(`err=${short(err.message)}`);
  const text = [clock(entry.time), level, String(entry.msg ?? ''), ...fields]
    .filter(Boolean)
    .join(' ');
  return err?.stack ? `${text}\n${err.stack}` : text;
}

/** pino's destination in development: readable lines on stdout (JSON elsewhere). */
export function createDevLogStream(out: NodeJS.WritableStream = process.stdout): Writable {
  let pending = '';
  return new Writable({
    write(chunk: Buffer, _encoding, done) {
      pending += chunk.toString();
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) if (line.trim()) out.write(`${formatDevLine(line)}\n`);
      done();
    },
  });
}
