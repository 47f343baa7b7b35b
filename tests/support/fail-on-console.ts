import { afterEach, beforeEach, vi } from 'vitest';

/**
 * A stray console.error or console.warn fails the test that printed it (docs/testing.md): they are
 * how unexpected failures announce themselves. A test that expects one stubs it first.
 */
const printed: string[] = [];

beforeEach(() => {
  printed.length = 0;
  for (const method of ['error', 'warn'] as const) {
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
      printed.push(`console.${method}: ${args.map(String).join(' ')}`);
    });
  }
});

afterEach(() => {
  vi.restoreAllMocks();
  if (printed.length > 0) {
    const lines = printed.splice(0);
    throw new Error(`The test printed to the console:\n${lines.join('\n')}`);
  }
});
