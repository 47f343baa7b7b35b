import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../support/test-app.ts';
import { CASES } from './cases.ts';
import { nextSeed, RUNS_PER_ROUTE } from './hostile.ts';

/**
 * Every registered route, read from Fastify's own radix tree (`printRoutes`): each line is a
 * node, its indentation its depth, its label the next piece of the path, `(GET, HEAD)` the
 * methods of a route ending there.
 */
export function registeredRoutes(tree: string): string[] {
  const routes: string[] = [];
  const stack: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^((?:│ {3}| {4})*)[└├]── (.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    stack.length = depth;
    stack[depth] = match[2]!;
    const path = stack.join('');
    for (const method of match[3]?.split(', ') ?? []) routes.push(`${method} ${path}`);
  }
  return routes;
}

describe('hostile input: every API route has a fuzz case', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('reads the routes Fastify registered, and finds a case for each /api and /media one', () => {
    const routes = registeredRoutes(t.app.printRoutes());
    // The reading works: known routes are there, with the paths stitched back together.
    expect(routes).toContain('GET /api/spaces/:id/availability');
    expect(routes).toContain('POST /api/admin/bookings/:id/reject');
    expect(routes).toContain('POST /api/auth/*');
    const fuzzable = routes.filter(
      (r) => / \/(api|media)\//.test(r) && !r.startsWith('HEAD '), // HEAD is GET without a body
    );
    expect(fuzzable.length).toBeGreaterThanOrEqual(25);
    const covered = new Set(CASES.map((c) => c.route));
    expect(fuzzable.filter((r) => !covered.has(r))).toEqual([]);
    // and no case aims at a route that does not exist (a renamed route would go unfuzzed)
    expect([...covered].filter((r) => !routes.includes(r))).toEqual([]);
  });

  it('runs at least 200 requests per route and run, each case from a fresh seed', () => {
    expect(RUNS_PER_ROUTE).toBeGreaterThanOrEqual(process.env.FUZZ_RUNS ? 1 : 200);
    if (process.env.FUZZ_SEED) {
      expect(nextSeed()).toBe(Number(process.env.FUZZ_SEED));
    } else {
      // Fresh seeds: each run (and each case) tries other requests than the last.
      const seeds = new Set(Array.from({ length: 20 }, nextSeed));
      expect(seeds.size).toBeGreaterThan(15);
      for (const seed of seeds) expect(Number.isInteger(seed)).toBe(true);
    }
  });
});
