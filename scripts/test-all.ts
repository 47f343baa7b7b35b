/**
 * `npm test`: every check, in order — typecheck, lint, format, unit and API tests (Vitest), then
 * end-to-end tests (Playwright in Chromium). It runs them all even when one fails, prints one
 * summary, writes it to test-results/summary.json, and exits non-zero if anything failed.
 * A skipped test counts as failed: a test that does not run proves nothing.
 *
 * API and e2e tests run on PGlite, or on PostgreSQL when TEST_DATABASE_URL is set.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';

interface StepResult {
  name: string;
  passed: number;
  failed: number;
  seconds: number;
}

const results: StepResult[] = [];
mkdirSync('test-results', { recursive: true });

function run(command: string, args: string[]): { ok: boolean; seconds: number } {
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: 'inherit', env: process.env });
  return { ok: result.status === 0, seconds: (Date.now() - started) / 1000 };
}

function check(name: string, command: string, args: string[]) {
  console.log(`\n━━ ${name} ━━`);
  const { ok, seconds } = run(command, args);
  results.push({ name, passed: ok ? 1 : 0, failed: ok ? 0 : 1, seconds });
}

function readJson<T>(file: string): T | null {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as T;
  } catch {
    return null;
  }
}

check('typecheck', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.json']);
check('lint', 'npx', ['eslint', '--max-warnings=0', '.']);
check('format', 'npx', ['prettier', '--check', '--log-level=warn', '.']);

{
  console.log(
    `\n━━ unit and API tests (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}) ━━`,
  );
  const file = 'test-results/vitest.json';
  rmSync(file, { force: true });
  const { ok, seconds } = run('npx', [
    'vitest',
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${file}`,
  ]);
  const report = readJson<{
    numPassedTests: number;
    numFailedTests: number;
    numPendingTests: number;
    numTodoTests: number;
  }>(file);
  if (report) {
    const failed = report.numFailedTests + report.numPendingTests + report.numTodoTests;
    results.push({
      name: 'vitest',
      passed: report.numPassedTests,
      failed: failed + (ok || failed > 0 ? 0 : 1),
      seconds,
    });
  } else {
    results.push({ name: 'vitest', passed: 0, failed: 1, seconds });
  }
}

{
  console.log('\n━━ end-to-end tests (Chromium) ━━');
  const file = 'test-results/e2e.json';
  rmSync(file, { force: true });
  const browser = run('scripts/ensure-browser', []);
  if (!browser.ok) {
    results.push({ name: 'e2e', passed: 0, failed: 1, seconds: browser.seconds });
  } else {
    const { ok, seconds } = run('npx', ['playwright', 'test']);
    const report = existsSync(file)
      ? readJson<{
          stats: { expected: number; unexpected: number; flaky: number; skipped: number };
        }>(file)
      : null;
    if (report) {
      const failed = report.stats.unexpected + report.stats.flaky + report.stats.skipped;
      results.push({
        name: 'e2e',
        passed: report.stats.expected,
        failed: failed + (ok || failed > 0 ? 0 : 1),
        seconds,
      });
    } else {
      results.push({ name: 'e2e', passed: 0, failed: 1, seconds });
    }
  }
}

const passed = results.reduce((n, r) => n + r.passed, 0);
const failed = results.reduce((n, r) => n + r.failed, 0);
console.log('\n━━ summary ━━');
for (const r of results) {
  console.log(
    `  ${r.failed ? '✗' : '✓'} ${r.name.padEnd(10)} ${r.passed} passed, ${r.failed} failed  (${r.seconds.toFixed(0)} s)`,
  );
}
writeFileSync(
  'test-results/summary.json',
  JSON.stringify({ passed, failed, steps: results }, null, 2),
);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
