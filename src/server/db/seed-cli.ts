/** `npm run db:seed`: demo data into an empty database (migrating first). */
import { pino } from 'pino';
import { loadConfig } from '../env.ts';
import { openRuntime } from '../runtime.ts';
import { DEMO_ACCOUNTS, seedDemoData } from './seed.ts';

const config = loadConfig();
const logger = pino({ level: config.logLevel });
const runtime = await openRuntime(config, logger);
try {
  const result = await seedDemoData({ db: runtime.database.db, storage: runtime.storage, logger });
  if (result.seeded) {
    console.log(`Seeded ${result.spaces} spaces into ${runtime.database.describe}.`);
    for (const [role, account] of Object.entries(DEMO_ACCOUNTS)) {
      console.log(`  ${role.padEnd(7)} ${account.email} / ${account.password}`);
    }
  } else {
    console.log(`${runtime.database.describe} already has data: nothing seeded.`);
  }
} finally {
  await runtime.close();
}
