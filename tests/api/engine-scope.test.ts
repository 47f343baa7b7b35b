import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ENGINE_DEPENDENT, ENGINE_INDEPENDENT } from './engine-scope.ts';

/**
 * The guard of tests/api/engine-scope.ts (issue 30): CI's PostgreSQL pass runs only the files
 * listed as engine-dependent, so a file that opens a database must be classified, and a file
 * called engine-independent must say so when it opens one. Reads the files' imports only: cheap.
 */

const ROOT = path.resolve(import.meta.dirname, '../..');

/** Code that opens a connection: a module with any of these opens a database when it runs. */
const OPENS = [
  /\bopenDatabase\s*\(/, // src/server/db/client.ts: PGlite or a pg pool
  /\bnew\s+PGlite\s*\(/,
  /\bPGlite\.create\s*\(/,
  /\bnew\s+pg\.(?:Pool|Client)\s*\(/,
  /\bnew\s+(?:Pool|Client)\s*\(/,
];

const ALIASES: Record<string, string> = {
  '#tests/': 'tests/',
  '#server/': 'src/server/',
  '#shared/': 'src/shared/',
  '#web/': 'src/web/',
};

/** The modules `source` loads when it runs: static and dynamic imports and re-exports, not `import type`. */
function valueImports(source: string): string[] {
  const specifiers: string[] = [];
  const statement =
    /(?:^|[\n;])\s*(import|export)\s+(type\s+)?([^'";]*?)\bfrom\s*['"]([^'"]+)['"]/g;
  for (const m of source.matchAll(statement)) if (!m[2]) specifiers.push(m[4]!);
  for (const m of source.matchAll(/(?:^|[\n;])\s*import\s*['"]([^'"]+)['"]/g))
    specifiers.push(m[1]!);
  for (const m of source.matchAll(/\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g)) specifiers.push(m[1]!);
  return specifiers;
}

/** A repository-relative path for a local specifier, or null for a package. */
function resolveLocal(fromFile: string, specifier: string): string | null {
  if (specifier.startsWith('.'))
    return path.relative(ROOT, path.resolve(ROOT, path.dirname(fromFile), specifier));
  for (const [alias, folder] of Object.entries(ALIASES))
    if (specifier.startsWith(alias)) return folder + specifier.slice(alias.length);
  return null;
}

/**
 * The chain of local modules from `file` to one whose code opens a database, or null when none
 * of the modules it loads (transitively, in src/ and tests/) opens one.
 */
function databaseChain(file: string, seen = new Set<string>()): string[] | null {
  if (seen.has(file)) return null;
  seen.add(file);
  const full = path.join(ROOT, file);
  if (!existsSync(full)) return null;
  const source = readFileSync(full, 'utf8');
  if (OPENS.some((pattern) => pattern.test(source))) return [file];
  for (const specifier of valueImports(source)) {
    const local = resolveLocal(file, specifier);
    if (!local) continue;
    const chain = databaseChain(local, seen);
    if (chain) return [file, ...chain];
  }
  return null;
}

function apiTestFiles(dir = 'tests/api'): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return apiTestFiles(rel);
    return entry.name.endsWith('.test.ts') ? [rel] : [];
  });
}

describe('the engine-dependent API tests (tests/api/engine-scope.ts)', () => {
  const files = apiTestFiles();
  const dependent = new Set<string>(ENGINE_DEPENDENT);
  const independent = new Set(Object.keys(ENGINE_INDEPENDENT));

  it('tells a file that opens a database from one that does not (the guard can fail)', () => {
    // Directly, through createTestApp or createTestDatabase, and through helpers (run.ts, world.ts).
    expect(databaseChain('tests/api/bookings.test.ts')).toContain('tests/support/test-database.ts');
    expect(databaseChain('tests/api/jobs.test.ts')).toContain('tests/support/test-database.ts');
    expect(databaseChain('tests/api/hostile-input/auth.test.ts')).toEqual(
      expect.arrayContaining(['tests/api/hostile-input/run.ts', 'tests/support/test-app.ts']),
    );
    expect(databaseChain('tests/api/adapters-sms.test.ts')).toBeNull();
    // `import type` loads nothing; a dynamic import does.
    expect(valueImports(`import type { Database } from '#server/db/client.ts';`)).toEqual([]);
    expect(
      valueImports(`import {\n  a,\n  type B,\n} from './x.ts';\nawait import('#server/y.ts');`),
    ).toEqual(['./x.ts', '#server/y.ts']);
  });

  it('lists only API test files that exist, each in one list', () => {
    expect([...dependent, ...independent].filter((f) => !files.includes(f))).toEqual([]);
    expect([...dependent].filter((f) => independent.has(f))).toEqual([]);
    expect(ENGINE_DEPENDENT.length).toBe(dependent.size);
  });

  it('classifies every API test file that opens a database', () => {
    const unclassified = files
      .filter((f) => !dependent.has(f) && !independent.has(f))
      .map((f) => ({ file: f, opens: databaseChain(f) }))
      .filter((f) => f.opens)
      .map(
        (f) =>
          `${f.file} opens a database (${f.opens!.join(' → ')}): add it to ENGINE_DEPENDENT, or to ENGINE_INDEPENDENT with a reason`,
      );
    expect(unclassified).toEqual([]);
  });

  it('gives each engine-independent file a one-line reason, and says when it opens a database', () => {
    const wrong = Object.entries(ENGINE_INDEPENDENT).flatMap(([file, entry]) => {
      const chain = databaseChain(file);
      const problems: string[] = [];
      if (!entry.reason.trim() || entry.reason.includes('\n'))
        problems.push(`${file}: a reason of one line`);
      if (chain && !entry.opensDatabase)
        problems.push(
          `${file} opens a database (${chain.join(' → ')}) but is not marked opensDatabase: true — is it still engine-independent?`,
        );
      if (!chain && entry.opensDatabase)
        problems.push(`${file} no longer opens a database: set opensDatabase: false`);
      return problems;
    });
    expect(wrong).toEqual([]);
  });
});
