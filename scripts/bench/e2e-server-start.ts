/**
 * `npx tsx scripts/bench/e2e-server-start.ts` — how long the e2e server (scripts/e2e-server.ts)
 * takes from its start to `/api/ready`, and the CPU time its processes used (which a busy machine
 * changes less than the wall time), with the load average beside it (issue 30). Builds the
 * web app first when stale, so the figure is the server's alone. Options: BENCH_PORT (default
 * 4371); BENCH_RUNS (default 1); BENCH_FRESH=1 removes the e2e database snapshots first, so the
 * first run builds one (node_modules/.cache/hourspace-e2e).
 */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureWebBuild } from '../build-web.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const port = Number(process.env.BENCH_PORT ?? 4371);
const runs = Number(process.env.BENCH_RUNS ?? 1);
/** CPU seconds the process group has used so far (its processes and their reaped children). */
function groupCpuSeconds(pgid: number): number {
  let ticks = 0;
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // fields[0] is the state (stat's 3rd); pgrp is the 5th, utime..cstime the 14th to 17th.
      if (Number(fields[2]) !== pgid) continue;
      ticks += fields.slice(11, 15).reduce((sum, f) => sum + Number(f), 0);
    } catch {
      /* gone */
    }
  }
  return ticks / 100;
}
const load = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

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
  let exited = false;
  child.on('exit', () => (exited = true));
  for (;;) {
    if (exited) throw new Error('the e2e server exited before it was ready');
    const ok = await fetch(`http://127.0.0.1:${port}/api/ready`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const ms = performance.now() - begun;
  const cpu = groupCpuSeconds(child.pid!);
  console.log(
    `run ${run}: e2e server start to /api/ready ${(ms / 1000).toFixed(1)} s, ${cpu.toFixed(1)} s of CPU  (load average before ${before}, after ${load()})`,
  );
  process.kill(-child.pid!, 'SIGTERM');
  await new Promise((r) => child.once('exit', r));
}
