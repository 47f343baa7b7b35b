import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { ENGINE_DEPENDENT } from './tests/api/engine-scope.ts';

type ProjectTestOptions = NonNullable<TestProjectInlineConfiguration['test']>;

/**
 * Four projects (docs/testing.md):
 * - `unit`: pure code, beside it in src/, and the lint rules' own tests in scripts/;
 * - `api`: the whole app through buildApp + inject on a database of each file's own — PGlite, or
 *   PostgreSQL when TEST_DATABASE_URL is set. The only project whose result depends on the
 *   database engine. With TEST_SCOPE=engine (`npm run test:engine`, CI's PostgreSQL pass) it
 *   holds only the files whose result can differ between engines (tests/api/engine-scope.ts);
 * - `build`: the production web build's budgets and pre-rendered pages (reads `dist`, which
 *   `npm test` builds once; tests/support/web-build.ts builds it when missing or stale);
 * - `process`: the app as real processes (start and stop, faults, two instances); they always use
 *   the machine's PostgreSQL, so one run covers them.
 */
const slow: ProjectTestOptions = {
  environment: 'node',
  setupFiles: ['tests/support/fail-on-console.ts'],
  testTimeout: 60_000,
  hookTimeout: 120_000,
  // Two cores: two files at a time (the same in every project of one group, as vitest requires).
  maxWorkers: 2,
  fileParallelism: true,
  sequence: { groupOrder: 1 },
};

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'scripts/**/*.test.ts'],
          sequence: { groupOrder: 0 },
          environment: 'node',
          setupFiles: ['tests/support/fail-on-console.ts', 'tests/support/dom-waits.ts'],
          // A journey through a component (a wizard's steps, a list's pages) makes dozens of
          // awaited interactions; on a loaded two-core machine 5 s (the default) is too tight.
          testTimeout: 20_000,
        },
      },
      {
        test: {
          ...slow,
          name: 'api',
          include:
            process.env.TEST_SCOPE === 'engine'
              ? [...ENGINE_DEPENDENT]
              : ['tests/api/**/*.test.ts'],
          globalSetup: ['tests/support/database-template.ts'],
          // Each worker imports the app once for all its files instead of once per file (≈ a
          // third of this project's time). Safe here: no file mocks modules or stubs globals,
          // and each builds its own app on its own database.
          isolate: false,
        },
      },
      {
        test: {
          ...slow,
          name: 'build',
          include: ['tests/build/**/*.test.ts'],
          globalSetup: ['tests/support/web-build.ts'],
        },
      },
      {
        test: {
          ...slow,
          name: 'process',
          include: ['tests/process/**/*.test.ts'],
        },
      },
    ],
  },
});
