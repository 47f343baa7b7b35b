import { defineConfig } from 'vitest/config';

// Two projects: `unit` (pure code, beside it) and `api` (the whole app through buildApp + inject,
// on PGlite, or on PostgreSQL when TEST_DATABASE_URL is set — a database per test file).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
          sequence: { groupOrder: 0 },
          environment: 'node',
          setupFiles: ['tests/support/fail-on-console.ts'],
        },
      },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          sequence: { groupOrder: 1 },
          environment: 'node',
          setupFiles: ['tests/support/fail-on-console.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Two cores: two files at a time, each with its own database.
          maxWorkers: 2,
          fileParallelism: true,
        },
      },
    ],
  },
});
