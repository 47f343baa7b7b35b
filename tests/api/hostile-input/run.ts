import { afterAll, beforeAll, describe, it } from 'vitest';
import { CASES, type Area } from './cases.ts';
import { fuzz, RUNS_PER_ROUTE, type FuzzWorld } from './hostile.ts';
import { createFuzzWorld } from './world.ts';

/** Each case's batch of runs, within the test timeout even on a busy two-core machine. */
const CASE_TIMEOUT_MS = 180_000;

/** Fuzzes every case of one area on its own app and database (vitest runs two files at a time). */
export function fuzzArea(
  area: Area,
  setup: { env?: () => Promise<Record<string, string>>; teardown?: () => Promise<void> } = {},
) {
  describe(`hostile input: ${area} routes (${RUNS_PER_ROUTE} runs each)`, () => {
    let world: FuzzWorld;
    beforeAll(async () => {
      world = await createFuzzWorld(setup.env ? await setup.env() : {});
    });
    afterAll(async () => {
      await world?.t.close();
      await setup.teardown?.();
    });
    for (const c of CASES.filter((x) => x.area === area)) {
      it(
        c.name,
        () =>
          fuzz(world, c.requests(world), {
            mustFail: c.mustFail,
            describesApi: c.describesApi,
            streams: c.streams,
          }),
        CASE_TIMEOUT_MS,
      );
    }
  });
}
