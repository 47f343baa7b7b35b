import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * One owner per state change (docs/architecture.md, "State changes"): only `transitionBooking`
 * writes a booking's status and only `transitionSpace` a space's; rows are created in one place
 * each (the app's flow, and the demo/test row writers). This reads every source file under src/
 * — Drizzle's `.update(table).set({ … status … })` and raw `update <table> set … status` alike.
 */
const SRC = join(import.meta.dirname, '..');

const OWNERS = {
  bookings: {
    update: ['server/features/bookings/transition-booking.ts'],
    insert: ['server/features/bookings/request-booking.ts', 'server/db/demo/rows.ts'],
  },
  spaces: {
    update: ['server/features/spaces/transition-space.ts'],
    insert: ['server/features/spaces/create-space.ts', 'server/db/demo/rows.ts'],
  },
} as const;
type Table = keyof typeof OWNERS;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'migrations' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The text of the balanced `{ … }` or `( … )` that opens at `start`. */
function balanced(text: string, start: number): string {
  const open = text[start]!;
  const close = open === '{' ? '}' : ')';
  let depth = 0;
  for (let i = start; i < text.length; i += 1) {
    if (text[i] === open) depth += 1;
    else if (text[i] === close && --depth === 0) return text.slice(start, i + 1);
  }
  return text.slice(start);
}

/** Where a file writes a table's status, and where it creates rows of it. */
function statusWrites(text: string, table: Table) {
  const updates: number[] = [];
  const inserts: number[] = [];
  const lineOf = (index: number) => text.slice(0, index).split('\n').length;
  for (const m of text.matchAll(new RegExp(`\\.update\\(\\s*${table}\\s*\\)`, 'g'))) {
    const set = text.indexOf('.set(', m.index);
    if (set < 0) continue;
    const values = balanced(text, set + '.set'.length);
    if (/(^|[{,\s])status\s*[:,}]|\.\.\./.test(values.slice(1))) updates.push(lineOf(m.index));
  }
  const raw = new RegExp(
    `update\\s+"?${table}"?\\s[\\s\\S]{0,80}?\\bset\\b[^;\`]*\\bstatus\\b`,
    'gi',
  );
  for (const m of text.matchAll(raw)) updates.push(lineOf(m.index));
  for (const m of text.matchAll(new RegExp(`\\.insert\\(\\s*${table}\\s*\\)`, 'g')))
    inserts.push(lineOf(m.index));
  const rawInsert = new RegExp(`insert\\s+into\\s+"?${table}"?[\\s(]`, 'gi');
  for (const m of text.matchAll(rawInsert)) inserts.push(lineOf(m.index));
  return { updates, inserts };
}

describe('one owner per state change', () => {
  const files = sourceFiles(SRC).map((path) => ({
    file: relative(SRC, path),
    text: readFileSync(path, 'utf8'),
  }));

  for (const table of Object.keys(OWNERS) as Table[]) {
    it(`writes ${table}.status only in ${OWNERS[table].update.join(', ')}`, () => {
      const found = files.flatMap(({ file, text }) =>
        statusWrites(text, table).updates.map((line) => `${file}:${line}`),
      );
      const outside = found.filter((at) => !OWNERS[table].update.some((o) => at.startsWith(o)));
      expect(outside).toEqual([]);
      // The owner is found too: a scan that finds nothing proves nothing.
      expect(found.length).toBeGreaterThan(0);
    });

    it(`creates ${table} rows only in ${OWNERS[table].insert.join(', ')}`, () => {
      const found = files.flatMap(({ file, text }) =>
        statusWrites(text, table).inserts.map((line) => `${file}:${line}`),
      );
      const outside = found.filter((at) => !OWNERS[table].insert.some((o) => at.startsWith(o)));
      expect(outside).toEqual([]);
      expect(found.length).toBeGreaterThanOrEqual(OWNERS[table].insert.length);
    });
  }

  it('recognises every form of a status write', () => {
    const forms = [
      "await tx.update(bookings).set({ status: 'confirmed' }).where(x);",
      'await db.update( bookings )\n  .set({\n    updatedAt: now,\n    status,\n  });',
      'await q.update(bookings).set({ ...changes });',
      "await tx.execute(sql`update bookings set status = 'expired' where id = ${id}`);",
      'await tx.execute(sql`UPDATE "bookings" SET updated_at = now(), status = ${to}`);',
    ];
    for (const form of forms) expect(statusWrites(form, 'bookings').updates, form).toHaveLength(1);
    const harmless = [
      'await tx.update(bookings).set({ contactPhone: x }).where(eq(bookings.status, "pending"));',
      'await tx.update(spaceImages).set({ spaceId, position });',
      "await tx.select().from(bookings).where(eq(bookings.status, 'pending'));",
    ];
    for (const form of harmless) expect(statusWrites(form, 'bookings').updates, form).toEqual([]);
    expect(statusWrites('await tx.insert(spaces).values(row);', 'spaces').inserts).toHaveLength(1);
  });
});
