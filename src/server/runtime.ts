import type { Logger } from './adapters/logger.ts';
import { createMailer } from './adapters/mail/create-mailer.ts';
import type { Mailer } from './adapters/mail/mailer.ts';
import { createSmsSender } from './adapters/sms/create-sms-sender.ts';
import type { SmsSender } from './adapters/sms/sms-sender.ts';
import { createStorage } from './adapters/storage/create-storage.ts';
import type { Storage } from './adapters/storage/storage.ts';
import { openDatabase, type Database } from './db/client.ts';
import { migrateDatabase } from './db/migrate.ts';
import type { Config } from './env.ts';

export interface Runtime {
  database: Database;
  mailer: Mailer;
  sms: SmsSender;
  storage: Storage;
  close(): Promise<void>;
}

/** Opens the database (migrated) and the adapters that env.ts chose: what server and worker share. */
export async function openRuntime(config: Config, logger: Logger): Promise<Runtime> {
  const database = await openDatabase(config.database);
  try {
    await migrateDatabase(database, 'url' in config.database ? config.database.url : undefined);
  } catch (error) {
    await database.close();
    throw error;
  }
  const mailer = createMailer(config.mail, logger);
  const sms = createSmsSender(config.sms, logger);
  const storage = createStorage(config.storage);
  return {
    database,
    mailer,
    sms,
    storage,
    async close() {
      await mailer.close();
      await database.close();
    },
  };
}
