/** `npm run admin:grant -- <email> [role]` — role defaults to admin. */
import type { RoleCode } from '#shared/constants.ts';
import { loadConfig } from '../env.ts';
import { openDatabase } from './client.ts';
import { grantRole } from './grant-role.ts';
import { migrateDatabase } from './migrate.ts';

const [email, role = 'admin'] = process.argv.slice(2);
if (!email) {
  console.error('Usage: npm run admin:grant -- <email> [admin|super_admin]');
  process.exit(1);
}
const config = loadConfig();
const database = await openDatabase(config.database);
try {
  await migrateDatabase(database, 'url' in config.database ? config.database.url : undefined);
  await grantRole(database.db, email, role as RoleCode);
  console.log(`${email} now has the role ${role}.`);
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
} finally {
  await database.close();
}
