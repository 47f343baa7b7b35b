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
