/**
 * `npm test`: every check, each once — typecheck, lint and format, the production
 * web build (when missing or stale), the unit, API, build and process tests (Vitest), then the
 * end-to-end tests (Playwright in Chromium). It runs them all even when one fails, prints one
 * summary with the seconds of each step, writes it to test-results/summary.json, and exits
 * non-zero if anything failed. A skipped test counts as failed: a test that does not run proves
 * nothing.
 *
 * API tests run on PGlite, or on PostgreSQL when TEST_DATABASE_URL is set. `TEST_SCOPE=engine`
 * (`npm run test:engine`) runs only what depends on the database engine — the API project —
 * which is what CI runs a second time, on PostgreSQL (docs/testing.md).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { ensureWebBuild } from './build-web.ts';

interface StepResult {
  name: string;
  passed: number;
  failed: number;
  seconds: number;
}

const scope = process.env.TEST_SCOPE ?? 'all';
if (scope !== 'all' && scope !== 'engine') {
  console.error(`TEST_SCOPE must be "all" or "engine", not "${scope}"`);
  process.exit(2);
}
const engine = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
const started = Date.now();
const results: StepResult[] = [];
/** The names of the tests that failed or were skipped, so a run's last lines say which. */
const failures: string[] = [];
mkdirSync('test-results', { recursive: true });

function heading(title: string) {
  console.log(`\n━━ ${title} ━━`);
}

function run(command: string, args: string[]): { ok: boolean; seconds: number } {
  const begun = Date.now();
  const result = spawnSync(command, args, { stdio: 'inherit', env: process.env });
  return { ok: result.status === 0, seconds: (Date.now() - begun) / 1000 };
}

function record(name: string, ok: boolean, seconds: number) {
  results.push({ name, passed: ok ? 1 : 0, failed: ok ? 0 : 1, seconds });
  if (!ok) failures.push(`${name} failed (its output is above)`);
}

function check(name: string, command: string, args: string[]) {
  heading(name);
  const { ok, seconds } = run(command, args);
  record(name, ok, seconds);
}

/** The first lines of a failure's message, on one line: enough to tell a timeout from a 500. */
function reason(message: string | undefined): string {
  if (!message) return '';
  // eslint-disable-next-line no-control-regex -- terminal colour codes in reporter output
  const plain = message.replace(/\u001b\[[0-9;]*m/g, '');
  const lines = plain
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('at ')) // the message, not its stack
    .slice(0, 3);
  const text = lines.join(' | ');
  return ` — ${text.length > 400 ? `${text.slice(0, 400)}…` : text}`;
}

function relative(file: string): string {
  return file.startsWith(process.cwd()) ? file.slice(process.cwd().length + 1) : file;
}

function readJson<T>(file: string): T | null {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as T;
  } catch {
    return null;
  }
}

interface VitestReport {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  testResults?: {
    name: string;
    status?: string;
    message?: string;
    assertionResults: { fullName: string; status: string; failureMessages?: string[] }[];
  }[];
}

/** One Vitest project, as its own step: its tests counted, its failures named. */
function vitestProject(project: string, title: string) {
  heading(title);
  const file = `test-results/vitest-${project}.json`;
  rmSync(file, { force: true });
  const { ok, seconds } = run('npx', [
    'vitest',
    'run',
    '--project',
    project,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${file}`,
  ]);
  const report = readJson<VitestReport>(file);
  if (!report) {
    results.push({ name: project, passed: 0, failed: 1, seconds });
    failures.push(`vitest ${project}: no report was written (its output is above)`);
    return;
  }
  for (const suite of report.testResults ?? []) {
    // A file that fails outside its tests (an import error, a failed beforeAll) has no test
    // to name: name the file.
    if (suite.status === 'failed' && suite.assertionResults.every((t) => t.status === 'passed'))
      failures.push(`vitest file failed: ${relative(suite.name)}${reason(suite.message)}`);
    for (const test of suite.assertionResults) {
      if (test.status !== 'passed') {
        failures.push(
          `vitest ${test.status}: ${relative(suite.name)} › ${test.fullName}${reason(test.failureMessages?.[0])}`,
        );
      }
    }
  }
  const failed = report.numFailedTests + report.numPendingTests + report.numTodoTests;
  results.push({
    name: project,
    passed: report.numPassedTests,
    failed: failed + (ok || failed > 0 ? 0 : 1),
    seconds,
  });
}

interface PlaywrightSuite {
  title: string;
  file?: string;
  suites?: PlaywrightSuite[];
  specs?: {
    title: string;
    file: string;
    line: number;
    tests: { status: string; results?: { error?: { message?: string } }[] }[];
  }[];
}

function collectPlaywrightFailures(suites: PlaywrightSuite[], titles: string[]) {
  for (const suite of suites) {
    const path = suite.file === suite.title ? titles : [...titles, suite.title];
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        if (test.status !== 'expected') {
          const name = [...path, spec.title].join(' › ');
          const error = test.results?.findLast((r) => r.error)?.error?.message;
          failures.push(
            `e2e ${test.status}: tests/e2e/${spec.file}:${spec.line} › ${name}${reason(error)}`,
          );
        }
      }
    }
    collectPlaywrightFailures(suite.suites ?? [], path);
  }
}

function endToEnd() {
  heading('end-to-end tests (Chromium)');
  const file = 'test-results/e2e.json';
  rmSync(file, { force: true });
  const browser = run('scripts/ensure-browser', []);
  if (!browser.ok) {
    results.push({ name: 'e2e', passed: 0, failed: 1, seconds: browser.seconds });
    failures.push('e2e: no Chromium (scripts/ensure-browser said why, above)');
    return;
  }
  const { ok, seconds } = run('npx', ['playwright', 'test']);
  const report = existsSync(file)
    ? readJson<{
        stats: { expected: number; unexpected: number; flaky: number; skipped: number };
        suites?: PlaywrightSuite[];
      }>(file)
    : null;
  if (!report) {
    results.push({ name: 'e2e', passed: 0, failed: 1, seconds });
    failures.push('e2e: no report was written (its output is above)');
    return;
  }
  collectPlaywrightFailures(report.suites ?? [], []);
  const failed = report.stats.unexpected + report.stats.flaky + report.stats.skipped;
  results.push({
    name: 'e2e',
    passed: report.stats.expected,
    failed: failed + (ok || failed > 0 ? 0 : 1),
    seconds: seconds + browser.seconds,
  });
}

if (scope === 'all') {
  check('typecheck', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.json']);
  check('lint', 'npx', ['eslint', '--max-warnings=0', '.']);
  check('format', 'npx', ['prettier', '--check', '--log-level=warn', '.']);

  // The one production build of the run: the build tests and the e2e server read dist/.
  heading('web build (when missing or stale)');
  {
    const begun = Date.now();
    let ok = true;
    try {
      console.log((await ensureWebBuild()) ? 'built dist/' : 'dist/ is up to date');
    } catch (error) {
      console.log(error);
      ok = false;
    }
    record('web build', ok, (Date.now() - begun) / 1000);
  }

  vitestProject('unit', 'unit tests');
}
vitestProject('api', `API tests (${engine})`);
if (scope === 'all') {
  vitestProject('build', 'web build tests');
  vitestProject('process', 'process tests (the app as real processes)');
  endToEnd();
}

const passed = results.reduce((n, r) => n + r.passed, 0);
const failed = results.reduce((n, r) => n + r.failed, 0);
const seconds = (Date.now() - started) / 1000;
heading(`summary (${scope === 'engine' ? `engine-dependent part, ${engine}` : engine})`);
for (const r of results) {
  console.log(
    `  ${r.failed ? '✗' : '✓'} ${r.name.padEnd(10)} ${String(r.passed).padStart(4)} passed, ${r.failed} failed  ${r.seconds.toFixed(0).padStart(5)} s`,
  );
}
console.log(`  total ${seconds.toFixed(0)} s`);
for (const failure of failures) console.log(`  ✗ ${failure}`);
writeFileSync(
  'test-results/summary.json',
  JSON.stringify({ scope, engine, passed, failed, seconds, steps: results, failures }, null, 2),
);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
