/**
 * `npm test`: every check, each once — typecheck, lint and format (side by side), the production
 * web build (when missing or stale), the unit, API, build and process tests (Vitest), then the
 * end-to-end tests (Playwright in Chromium). It runs them all even when one fails, prints one
 * summary with the seconds of each step, writes it to test-results/summary.json, and exits
 * non-zero if anything failed. A skipped test counts as failed: a test that does not run proves
 * nothing.
 *
 * Every run reports its own cost: the seconds of each test and each test file go to
 * test-results/durations.json (durations-engine.json for TEST_SCOPE=engine, so CI's second pass
 * keeps the first one's), and the ten slowest of each are printed before the summary.
 *
 * API tests run on PGlite, or on PostgreSQL when TEST_DATABASE_URL is set. `TEST_SCOPE=engine`
 * (`npm run test:engine`) runs only what depends on the database engine — the API test files
 * listed in tests/api/engine-scope.ts — which is what CI runs a second time, on PostgreSQL
 * (docs/testing.md).
 */
import { spawn, spawnSync } from 'node:child_process';
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
const loadAtStart = loadAverage();
const results: StepResult[] = [];
/** The names of the tests that failed or were skipped, so a run's last lines say which. */
const failures: string[] = [];
mkdirSync('test-results', { recursive: true });

function heading(title: string) {
  console.log(`\n━━ ${title} ━━`);
}

/** The 1-, 5- and 15-minute load averages: beside every timing, since the machine is shared. */
function loadAverage(): string {
  try {
    return readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  } catch {
    return 'unknown';
  }
}

function run(
  command: string,
  args: string[],
  env: Record<string, string> = {},
): { ok: boolean; seconds: number } {
  const begun = Date.now();
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  return { ok: result.status === 0, seconds: (Date.now() - begun) / 1000 };
}

function record(name: string, ok: boolean, seconds: number) {
  results.push({ name, passed: ok ? 1 : 0, failed: ok ? 0 : 1, seconds });
  if (!ok) failures.push(`${name} failed (its output is above)`);
}

interface Check {
  name: string;
  command: string;
  args: string[];
}

/**
 * Checks that read the sources and share nothing, run side by side (each is one process on one
 * core). Each one's output is kept and printed whole when it ends; each keeps its own seconds and
 * pass/fail, in the order given.
 */
async function checksSideBySide(checks: Check[]) {
  heading(`${checks.map((c) => c.name).join(', ')} — side by side`);
  const done = await Promise.all(
    checks.map(
      ({ name, command, args }) =>
        new Promise<{ name: string; ok: boolean; seconds: number }>((resolve) => {
          const begun = Date.now();
          const output: Buffer[] = [];
          const child = spawn(command, args, {
            env: process.env,
            stdio: ['ignore', 'pipe', 'pipe'],
          });
          child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
          child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
          const finish = (ok: boolean, note = '') => {
            const seconds = (Date.now() - begun) / 1000;
            heading(`${name}: ${ok ? 'passed' : 'FAILED'} in ${seconds.toFixed(0)} s`);
            const text = Buffer.concat(output).toString('utf8') + note;
            if (text.trim()) process.stdout.write(text.endsWith('\n') ? text : `${text}\n`);
            resolve({ name, ok, seconds });
          };
          child.on('error', (error) => finish(false, `${[command, ...args].join(' ')}: ${error}`));
          child.on('close', (code) => finish(code === 0));
        }),
    ),
  );
  // Promise.all keeps the checks' order.
  for (const { name, ok, seconds } of done) record(name, ok, seconds);
}

/** One test's or one file's seconds (test-results/durations.json). */
interface TestTime {
  step: string;
  /** the Vitest or Playwright project */
  project: string;
  file: string;
  name: string;
  seconds: number;
}
interface FileTime {
  step: string;
  file: string;
  tests: number;
  seconds: number;
}
const testTimes: TestTime[] = [];
const fileTimes: FileTime[] = [];

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
    startTime?: number;
    endTime?: number;
    assertionResults: {
      fullName: string;
      status: string;
      failureMessages?: string[];
      duration?: number | null;
    }[];
  }[];
}

/** One Vitest project, as its own step: its tests counted, its failures named. */
function vitestProject(project: string, title: string) {
  heading(title);
  const file = `test-results/vitest-${project}.json`;
  const timesFile = `test-results/vitest-${project}-file-times.json`;
  rmSync(file, { force: true });
  rmSync(timesFile, { force: true });
  const { ok, seconds } = run(
    'npx',
    [
      'vitest',
      'run',
      '--project',
      project,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${file}`,
      '--reporter=./scripts/vitest-file-times.ts',
    ],
    { VITEST_FILE_TIMES: timesFile },
  );
  const report = readJson<VitestReport>(file);
  const ownTimes = readJson<{ file: string; seconds: number }[]>(timesFile) ?? [];
  if (!report) {
    results.push({ name: project, passed: 0, failed: 1, seconds });
    failures.push(`vitest ${project}: no report was written (its output is above)`);
    return;
  }
  for (const suite of report.testResults ?? []) {
    const file = relative(suite.name);
    for (const test of suite.assertionResults)
      testTimes.push({
        step: project,
        project,
        file,
        name: test.fullName,
        seconds: (test.duration ?? 0) / 1000,
      });
    // The file's own time in its worker: its import, its tests and its hooks (an app built in
    // beforeAll), from scripts/vitest-file-times.ts; else the JSON report's span of its tests.
    const own = ownTimes.find((t) => t.file === suite.name);
    fileTimes.push({
      step: project,
      file,
      tests: suite.assertionResults.length,
      seconds:
        own?.seconds ??
        (suite.startTime && suite.endTime ? (suite.endTime - suite.startTime) / 1000 : 0),
    });
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
    tests: {
      status: string;
      projectName?: string;
      results?: { duration?: number; error?: { message?: string } }[];
    }[];
  }[];
}

/**
 * Each e2e test's seconds (all its attempts; retries are 0) and each spec file's: the sum of its
 * tests' seconds, since a file's tests may run on both workers at once.
 */
function collectPlaywrightTimes(suites: PlaywrightSuite[], titles: string[]) {
  for (const suite of suites) {
    const path = suite.file === suite.title ? titles : [...titles, suite.title];
    for (const spec of suite.specs ?? []) {
      const file = `tests/e2e/${spec.file}`;
      for (const test of spec.tests) {
        const seconds = (test.results ?? []).reduce((sum, r) => sum + (r.duration ?? 0), 0) / 1000;
        testTimes.push({
          step: 'e2e',
          project: test.projectName ?? '',
          file,
          name: [...path, spec.title].join(' › '),
          seconds,
        });
        const entry = fileTimes.find((f) => f.step === 'e2e' && f.file === file);
        if (entry) {
          entry.tests += 1;
          entry.seconds += seconds;
        } else fileTimes.push({ step: 'e2e', file, tests: 1, seconds });
      }
    }
    collectPlaywrightTimes(suite.suites ?? [], path);
  }
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
  collectPlaywrightTimes(report.suites ?? [], []);
  const failed = report.stats.unexpected + report.stats.flaky + report.stats.skipped;
  results.push({
    name: 'e2e',
    passed: report.stats.expected,
    failed: failed + (ok || failed > 0 ? 0 : 1),
    seconds: seconds + browser.seconds,
  });
}

if (scope === 'all') {
  await checksSideBySide([
    { name: 'typecheck', command: 'npx', args: ['tsc', '--noEmit', '-p', 'tsconfig.json'] },
    { name: 'lint', command: 'npx', args: ['eslint', '--max-warnings=0', '.'] },
    { name: 'format', command: 'npx', args: ['prettier', '--check', '--log-level=warn', '.'] },
  ]);

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

// What this run cost, test by test and file by file: kept, and the slowest printed.
const durationsFile = `test-results/durations${scope === 'engine' ? '-engine' : ''}.json`;
const bySeconds = (a: { seconds: number }, b: { seconds: number }) => b.seconds - a.seconds;
testTimes.sort(bySeconds);
fileTimes.sort(bySeconds);
writeFileSync(
  durationsFile,
  JSON.stringify(
    { scope, engine, finishedAt: new Date().toISOString(), files: fileTimes, tests: testTimes },
    null,
    2,
  ),
);
const secondsColumn = (s: number) => `${s.toFixed(1).padStart(7)} s`;
heading(`the ten slowest tests (all ${testTimes.length}: ${durationsFile})`);
for (const t of testTimes.slice(0, 10))
  console.log(`  ${secondsColumn(t.seconds)}  ${t.step.padEnd(8)} ${t.file} › ${t.name}`);
heading('the ten slowest files (Vitest: import, hooks and tests in its worker; e2e: its tests)');
for (const f of fileTimes.slice(0, 10))
  console.log(`  ${secondsColumn(f.seconds)}  ${f.step.padEnd(8)} ${f.file} (${f.tests} tests)`);

const passed = results.reduce((n, r) => n + r.passed, 0);
const failed = results.reduce((n, r) => n + r.failed, 0);
const seconds = (Date.now() - started) / 1000;
const loadAtEnd = loadAverage();
heading(`summary (${scope === 'engine' ? `engine-dependent part, ${engine}` : engine})`);
for (const r of results) {
  console.log(
    `  ${r.failed ? '✗' : '✓'} ${r.name.padEnd(10)} ${String(r.passed).padStart(4)} passed, ${r.failed} failed  ${r.seconds.toFixed(0).padStart(5)} s`,
  );
}
console.log(
  `  total ${seconds.toFixed(0)} s (load average ${loadAtStart} at start, ${loadAtEnd} at the end)`,
);
for (const failure of failures) console.log(`  ✗ ${failure}`);
writeFileSync(
  'test-results/summary.json',
  JSON.stringify(
    { scope, engine, passed, failed, seconds, loadAtStart, loadAtEnd, steps: results, failures },
    null,
    2,
  ),
);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
