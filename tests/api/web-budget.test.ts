import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUDGET, measureWebBudget } from '../../scripts/web-budget.ts';

/** Size budgets of the production web build (bytes do not vary, so they are enforced here). */
describe('web size budgets', () => {
  let dist: string;
  let result: ReturnType<typeof measureWebBudget>;
  beforeAll(async () => {
    dist = await mkdtemp(path.join(tmpdir(), 'hourspace-dist-'));
    const build = spawnSync(
      'npx',
      ['vite', 'build', '--outDir', dist, '--emptyOutDir', '--logLevel', 'error'],
      {
        env: { ...process.env, NODE_ENV: 'production' },
        encoding: 'utf8',
      },
    );
    if (build.status !== 0) throw new Error(`vite build failed:\n${build.stderr}`);
    result = measureWebBudget(dist);
  }, 180_000);
  afterAll(async () => {
    await rm(dist, { recursive: true, force: true });
  });

  it(`home page JavaScript before interactive ≤ ${BUDGET.homeInitialJs / 1024} KB gzipped`, () => {
    expect(result.homeInitialJs).toBeGreaterThan(50 * 1024); // it did measure React itself
    expect(result.homeInitialJs).toBeLessThanOrEqual(BUDGET.homeInitialJs);
  });

  it(`each lazy route adds ≤ ${BUDGET.routeChunk / 1024} KB gzipped`, () => {
    expect(result.routes.length).toBeGreaterThanOrEqual(10);
    for (const route of result.routes)
      expect(route.bytes, route.route).toBeLessThanOrEqual(BUDGET.routeChunk);
  });

  it(`CSS ≤ ${BUDGET.css / 1024} KB gzipped`, () => {
    expect(result.css).toBeGreaterThan(0);
    expect(result.css).toBeLessThanOrEqual(BUDGET.css);
  });

  it('at most two font weights per family', () => {
    expect(Object.keys(result.fontWeights).length).toBeGreaterThanOrEqual(2);
    for (const [family, weights] of Object.entries(result.fontWeights)) {
      expect(weights.length, family).toBeLessThanOrEqual(BUDGET.fontWeightsPerFamily);
    }
  });
});
