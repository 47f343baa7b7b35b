/**
 * The process: reads the config, opens and migrates the database, seeds a fresh install, starts
 * the app and the job worker, and shuts all of it down cleanly on SIGTERM/SIGINT.
 */
import { pino } from 'pino';
import { createDevLogStream } from './adapters/dev-log.ts';
import { lanAddresses } from './http/trusted-origins.ts';
import { DEMO_ACCOUNTS, seedDemoData } from './db/seed.ts';
import { EnvError, loadConfig, type Config } from './env.ts';
import { openRuntime } from './runtime.ts';

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(
        `\nHourSpace cannot start.\n${error.message}\n\nSee README.md, "Environment".\n`,
      );
      process.exit(1);
    }
    throw error;
  }
}

async function main() {
  const config = readConfig();
  const logger =
    config.logFormat === 'pretty'
      ? pino({ level: config.logLevel }, createDevLogStream())
      : pino({ level: config.logLevel });
  // The app's modules (every feature, the job handlers) load while the database opens and the
  // demo seed runs: both wait on disk and on PGlite's WebAssembly, and tsx compiles the modules
  // on its own thread, so a fresh start answers sooner (npm run bench:start).
  const appModules = Promise.all([import('./app.ts'), import('./job-wiring.ts')]);
  appModules.catch(() => {}); // awaited below; a failure surfaces there
  const runtime = await openRuntime(config, logger);

  let seeded = false;
  if (config.seedDemoData) {
    const result = await seedDemoData({
      db: runtime.database.db,
      storage: runtime.storage,
      logger,
    });
    seeded = result.seeded;
  }

  const [{ buildApp }, { buildJobWorker }] = await appModules;
  const worker = buildJobWorker({
    config,
    runtime,
    logger: logger.child({ component: 'worker' }),
  });
  const app = await buildApp(
    { config, ...runtime, wakeWorker: config.worker.enabled ? () => worker.wake() : undefined },
    { loggerInstance: logger },
  );
  await app.listen({ host: config.host, port: config.port });
  if (config.worker.enabled) worker.start();

  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = config.publicUrl.includes(`:${config.port}`)
    ? config.publicUrl.replace(`:${config.port}`, `:${port}`)
    : config.publicUrl;
  // In development the server also answers on this machine's network addresses (sign-in trusts
  // them: http/trusted-origins.ts), to try the site from a phone on the same network.
  const listensEverywhere = ['0.0.0.0', '::'].includes(config.host);
  const network =
    !config.isProduction && listensEverywhere
      ? lanAddresses()
          .filter((a) => !a.includes(':'))
          .map((a) => `http://${a}:${port}`)
      : [];
  printBanner({
    url,
    network,
    database: runtime.database.describe,
    seeded,
    worker: config.worker.enabled,
    seedOn: config.seedDemoData,
  });

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) {
      logger.warn({ signal }, 'second signal: exiting now');
      process.exit(1);
    }
    stopping = true;
    logger.info({ signal }, 'shutting down: finishing in-flight requests');
    const timer = setTimeout(() => {
      logger.error('shutdown took longer than 15 s: exiting');
      process.exit(1);
    }, 15_000).unref();
    try {
      await app.close(); // stops accepting, waits for in-flight requests
      await worker.stop(); // finishes the job in hand
      await runtime.close(); // mail transport, then the database
      clearTimeout(timer);
      logger.info('stopped cleanly');
      process.exit(0);
    } catch (error) {
      logger.error({ err: error }, 'error while shutting down');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

function printBanner(info: {
  url: string;
  network: string[];
  database: string;
  seeded: boolean;
  worker: boolean;
  seedOn: boolean;
}) {
  const lines = [
    '',
    `  HourSpace is running at ${info.url}`,
    ...info.network.map((address) => `  on your network:        ${address}`),
    `  database: ${info.database}${info.seeded ? ' (demo data seeded now)' : ''}`,
    `  job worker: ${info.worker ? 'in this process' : 'off (run `npm run worker`)'}`,
  ];
  if (info.seedOn) {
    lines.push(
      '',
      '  Demo logins (email / password):',
      `    admin   ${DEMO_ACCOUNTS.admin.email}  /  ${DEMO_ACCOUNTS.admin.password}`,
      `    host    ${DEMO_ACCOUNTS.host.email}   /  ${DEMO_ACCOUNTS.host.password}`,
      `    renter  ${DEMO_ACCOUNTS.renter.email} /  ${DEMO_ACCOUNTS.renter.password}`,
    );
  }
  console.log(`${lines.join('\n')}\n`);
}

main().catch((error: unknown) => {
  console.error('HourSpace failed to start:', error);
  process.exit(1);
});
