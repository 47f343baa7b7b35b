import { beforeAll, describe, expect, it } from 'vitest';
import { BUDGET, measureWebBudget } from '../../scripts/web-budget.ts';

/**
 * Size budgets of the production web build (bytes do not vary, so they are enforced here), read
 * from dist/web: the run's one build (tests/support/web-build.ts).
 */
describe('web size budgets', () => {
  let result: ReturnType<typeof measureWebBudget>;
  beforeAll(() => {
    result = measureWebBudget();
  });

  it(`home page JavaScript before interactive ≤ ${BUDGET.homeInitialJs / 1024} KB gzipped`, () => {
    expect(result.homeInitialJs).toBeGreaterThan(50 * 1024); // it did measure React itself
    expect(result.homeInitialJs).toBeLessThanOrEqual(BUDGET.homeInitialJs);
  });

  it(`the boot script, which every page runs before its first paint, ≤ ${BUDGET.bootScript} bytes gzipped`, () => {
    // It did measure the script: the language, the early fetches and the first tap are in it.
    expect(result.bootScript).toBeGreaterThan(1000);
    expect(result.bootScript).toBeLessThanOrEqual(BUDGET.bootScript);
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
