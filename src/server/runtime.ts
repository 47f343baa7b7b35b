import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from './adapters/logger.ts';
import { createMailer } from './adapters/mail/create-mailer.ts';
import type { Mailer } from './adapters/mail/mailer.ts';
import { createSmsSender } from './adapters/sms/create-sms-sender.ts';
import type { SmsSender } from './adapters/sms/sms-sender.ts';
import { createStorage } from './adapters/storage/create-storage.ts';
import type { Storage } from './adapters/storage/storage.ts';
import { createWhatsAppSender } from './adapters/whatsapp/create-whatsapp-sender.ts';
import type { WhatsAppSender } from './adapters/whatsapp/whatsapp-sender.ts';
import { openDatabase, type Database } from './db/client.ts';
import { migrateDatabase } from './db/migrate.ts';
import {
  isFreshPgliteDir,
  keepPgliteTemplate,
  startFromPgliteTemplate,
} from './db/pglite-template.ts';
import type { Config } from './env.ts';

/**
 * With no AUTH_SECRET (a fresh machine), one is generated once and kept in DATA_DIR/auth-secret,
 * so sessions survive restarts. Production sets AUTH_SECRET (env.ts insists), shared by all instances.
 */
async function localAuthSecret(dataDir: string): Promise<string> {
  const file = path.join(dataDir, 'auth-secret');
  try {
    const existing = (await readFile(file, 'utf8')).trim();
    if (existing.length >= 32) return existing;
  } catch {
    /* not there yet */
  }
  const secret = randomBytes(48).toString('base64url');
  await mkdir(dataDir, { recursive: true });
  await writeFile(file, secret, { mode: 0o600 });
  return secret;
}

export interface Runtime {
  authSecret: string;
  database: Database;
  mailer: Mailer;
  sms: SmsSender;
  whatsapp: WhatsAppSender;
  storage: Storage;
  close(): Promise<void>;
}

/** Opens the database (migrated) and the adapters that env.ts chose: what server and worker share. */
export async function openRuntime(config: Config, logger: Logger): Promise<Runtime> {
  // A fresh PGlite directory starts from a migrated copy when this machine has one, and leaves
  // one when it has not (db/pglite-template.ts): initdb and the migrations then run once.
  const pgliteDir =
    'pgliteDir' in config.database && config.database.pgliteDir !== 'memory://'
      ? config.database.pgliteDir
      : undefined;
  const fresh = pgliteDir !== undefined && isFreshPgliteDir(pgliteDir);
  const fromTemplate = fresh && (await startFromPgliteTemplate(pgliteDir));
  let database = await openDatabase(config.database);
  try {
    await migrateDatabase(database, 'url' in config.database ? config.database.url : undefined);
    if (fresh && !fromTemplate) {
      await database.close();
      await keepPgliteTemplate(pgliteDir);
      database = await openDatabase(config.database);
    }
  } catch (error) {
    await database.close();
    throw error;
  }
  const mailer = createMailer(config.mail, logger);
  const sms = createSmsSender(config.sms, logger);
  const whatsapp = createWhatsAppSender(config.whatsapp, logger);
  const storage = createStorage(config.storage);
  const authSecret = config.auth.secret ?? (await localAuthSecret(config.dataDir));
  return {
    authSecret,
    database,
    mailer,
    sms,
    whatsapp,
    storage,
    async close() {
      await mailer.close();
      await database.close();
    },
  };
}
