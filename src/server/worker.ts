/**
 * `npm run worker`: only the job worker, for deployments that run it apart from the web
 * instances (set WORKER=off on those). Any number of workers may run against one database.
 */
import { pino } from 'pino';
import { EnvError, loadConfig } from './env.ts';
import { createJobHandlers } from './jobs/handlers.ts';
import { periodicSweeps } from './jobs/periodic-sweeps.ts';
import { createJobWorker, exponentialBackoffMs } from './jobs/worker.ts';
import { openRuntime } from './runtime.ts';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(`\nHourSpace worker cannot start.\n${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  const logger = pino({ level: config.logLevel }).child({ component: 'worker' });
  const runtime = await openRuntime(config, logger);
  const worker = createJobWorker({
    db: runtime.database.db,
    handlers: createJobHandlers({ ...runtime, config }),
    logger,
    pollMs: config.worker.pollMs,
    backoffMs: exponentialBackoffMs(config.worker.retryBaseMs),
    lockTimeoutMs: config.worker.lockTimeoutMs,
    sweeps: periodicSweeps(config),
  });
  worker.start();
  logger.info({ worker: worker.id, database: runtime.database.describe }, 'job worker started');
  const stop = async () => {
    await worker.stop();
    await runtime.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  process.on('SIGINT', () => void stop());
}

main().catch((error: unknown) => {
  console.error('HourSpace worker failed:', error);
  process.exit(1);
});
