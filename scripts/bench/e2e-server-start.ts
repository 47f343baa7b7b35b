/**
 * `npx tsx scripts/bench/e2e-server-start.ts` — how long the e2e server (scripts/e2e-server.ts)
 * takes from its start to `/api/ready`, and the CPU time its processes used (which a busy machine
 * changes less than the wall time), with the load average beside it (issue 30). Builds the
 * web app first when stale, so the figure is the server's alone. Options: BENCH_PORT (default
 * 4371); BENCH_RUNS (default 1); BENCH_FRESH=1 removes the e2e database snapshots first, so the
 * first run builds one (node_modules/.cache/hourspace-e2e).
 */
import { spawn } from 'node:child_process';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureWebBuild } from '../build-web.ts';
import { groupCpuSeconds, load, stopGroup, untilReady } from './measure.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const port = Number(process.env.BENCH_PORT ?? 4371);
const runs = Number(process.env.BENCH_RUNS ?? 1);

await ensureWebBuild();
if (process.env.BENCH_FRESH === '1')
  await rm(path.join(root, 'node_modules/.cache/hourspace-e2e'), { recursive: true, force: true });

for (let run = 1; run <= runs; run++) {
  const before = load();
  const begun = performance.now();
  const child = spawn('npx', ['tsx', 'scripts/e2e-server.ts'], {
    cwd: root,
    env: { ...process.env, E2E_PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  await untilReady(`http://127.0.0.1:${port}`, child);
  const ms = performance.now() - begun;
  const cpu = groupCpuSeconds(child.pid!);
  console.log(
    `run ${run}: e2e server start to /api/ready ${(ms / 1000).toFixed(1)} s, ${cpu.toFixed(1)} s of CPU  (load average before ${before}, after ${load()})`,
  );
  await stopGroup(child);
}
