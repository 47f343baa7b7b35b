/**
 * What the start benchmarks share (bench:start, bench:e2e-costs, e2e-server-start): the load
 * average, a summary of repeated timings, the CPU time of a process group, and a server process
 * waited for until `/api/ready` and stopped with its children.
 */
import type { ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

/** The 1, 5 and 15 minute load averages, as /proc/loadavg gives them. */
export const load = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** One line: the minimum, median and maximum of `ms`. */
export function stats(label: string, ms: number[]) {
  const sorted = [...ms].sort((a, b) => a - b);
  console.log(
    `${label.padEnd(58)} min ${sorted[0]!.toFixed(0).padStart(6)} ms  median ${median(ms).toFixed(0).padStart(6)} ms  max ${sorted.at(-1)!.toFixed(0).padStart(6)} ms  (n=${ms.length})`,
  );
}

/** /proc/<pid>/stat of each process in the group, from the state (stat's 3rd field) on. */
function groupStats(pgid: number): string[][] {
  const stats: string[][] = [];
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // pgrp is stat's 5th field.
      if (Number(fields[2]) === pgid) stats.push(fields);
    } catch {
      /* gone */
    }
  }
  return stats;
}

/** CPU seconds the process group has used so far (its processes and their reaped children). */
export function groupCpuSeconds(pgid: number): number {
  // utime, stime, cutime, cstime are stat's 14th to 17th fields.
  const ticks = groupStats(pgid).map((fields) =>
    fields.slice(11, 15).reduce((sum, f) => sum + Number(f), 0),
  );
  return ticks.reduce((sum, t) => sum + t, 0) / 100;
}

/** Polls `base`/api/ready every 100 ms until it answers 200; throws when `child` exits first. */
export async function untilReady(base: string, child: ChildProcess): Promise<void> {
  let exited = false;
  child.once('exit', () => (exited = true));
  for (;;) {
    if (exited) throw new Error(`the server exited before ${base}/api/ready answered`);
    const ok = await fetch(`${base}/api/ready`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** SIGTERM to a detached child's whole process group (npm, tsx and node below it); waits for it. */
export async function stopGroup(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  try {
    process.kill(-child.pid!, 'SIGTERM');
  } catch {
    /* already gone */
  }
  await exited;
  // The server below npm shuts down on its own time (in-flight requests, the database): wait for
  // the whole group, so the next run starts on a machine this one has left.
  for (let waited = 0; groupStats(child.pid!).length > 0 && waited < 20_000; waited += 100)
    await new Promise((r) => setTimeout(r, 100));
}
