import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnServer } from '../support/spawn-server.ts';
import { createTestApp } from '../support/test-app.ts';

describe('the server process', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'hourspace-proc-'));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('refuses to start on a bad environment variable, naming it', async () => {
    const failure = await spawnServer({ DATA_DIR: dataDir, PORT: 'eighty' }).catch(
      (error: { code: number; output: string }) => error,
    );
    expect(failure).toMatchObject({ code: 1 });
    expect((failure as { output: string }).output).toContain('PORT must be a number');
  });

  it('starts, serves, and stops cleanly on SIGTERM', async () => {
    const server = await spawnServer({ DATA_DIR: dataDir, SEED_DEMO_DATA: 'false' });
    const health = await fetch(`${server.url}/api/health`);
    expect(health.status).toBe(200);
    expect(await (await fetch(`${server.url}/api/ready`)).json()).toEqual({
      status: 'ready',
      database: 'up',
    });
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  });

  it('logs one readable line per request in development, and a plain-text start banner', async () => {
    const server = await spawnServer({
      DATA_DIR: dataDir,
      SEED_DEMO_DATA: 'false',
      NODE_ENV: 'development',
      LOG_LEVEL: 'info',
    });
    try {
      const asked = [
        ['/api/health', 200],
        ['/api/config', 200],
        ['/api/nope', 404],
      ] as const;
      for (const [url, status] of asked)
        expect((await fetch(`${server.url}${url}`)).status).toBe(status);
      // The last request's line is written once its answer has gone: wait for it (deadline 10 s).
      const deadline = Date.now() + 10_000;
      while (!/GET \/api\/nope 404/.test(server.output()) && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 50));
      const lines = server.output().split('\n');
      // No JSON lines: every log entry is text (LOG_FORMAT defaults to pretty in development).
      expect(lines.filter((line) => line.trimStart().startsWith('{'))).toEqual([]);
      // The banner stands on its own lines, in plain text.
      expect(lines.some((line) => /^ {2}HourSpace is running at http:\/\/\S+$/.test(line))).toBe(
        true,
      );
      // Exactly one line per request: `14:02:11 INFO  GET /api/health 200 3 ms`.
      for (const [url, status] of asked) {
        const about = lines.filter((line) => line.includes(` GET ${url} `));
        expect(about).toHaveLength(1);
        expect(about[0]).toMatch(
          new RegExp(`^\\d{2}:\\d{2}:\\d{2} INFO  GET ${url} ${status} \\d+ ms`),
        );
      }
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }
  });
});

describe('graceful close', () => {
  it('finishes a request that is in flight', async () => {
    let release!: () => void;
    const t = await createTestApp({
      beforeReady(app) {
        app.get('/api/test/slow', async () => {
          await new Promise<void>((resolve) => (release = resolve));
          return { done: true };
        });
      },
    });
    const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const inFlight = fetch(`${address}/api/test/slow`);
    await new Promise((r) => setTimeout(r, 100));
    const closing = t.app.close();
    release();
    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ done: true });
    await closing;
    await t.testDb.drop();
  });
});
