/**
 * `npm run worker`: only the job worker, for deployments that run it apart from the web
 * instances (set WORKER=off on those). Any number of workers may run against one database.
 */
import { pino } from 'pino';
import { EnvError, loadConfig } from './env.ts';
import { buildJobWorker } from './job-wiring.ts';
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
  const worker = buildJobWorker({ config, runtime, logger });
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
