/** `npm run db:migrate`: applies pending migrations to DATABASE_URL (or the PGlite in DATA_DIR). */
import { loadConfig } from '../env.ts';
import { openDatabase } from './client.ts';
import { migrateDatabase } from './migrate.ts';

const config = loadConfig();
const database = await openDatabase(config.database);
try {
  await migrateDatabase(database, 'url' in config.database ? config.database.url : undefined);
  console.log(`Migrated ${database.describe}`);
} finally {
  await database.close();
}
