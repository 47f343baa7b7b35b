import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { silentLogger } from '#server/adapters/logger.ts';
import { createFileMailer } from '#server/adapters/mail/file-mailer.ts';
import { createLogSms } from '#server/adapters/sms/log-sms.ts';
import { createWhatsAppSender } from '#server/adapters/whatsapp/create-whatsapp-sender.ts';
import { createDiskStorage } from '#server/adapters/storage/disk-storage.ts';
import { buildApp, type AppDeps, type BuildAppOptions } from '#server/app.ts';
import { loadConfig, type Config } from '#server/env.ts';
import { watchAnswers, type OpenApiDocument } from './openapi.ts';
import { TEST_BUSINESS_ENV } from './business-env.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';

export interface TestApp {
  app: FastifyInstance;
  deps: AppDeps;
  config: Config;
  testDb: TestDatabase;
  dataDir: string;
  close(): Promise<void>;
}

/**
 * The whole app on a fresh database and a temporary DATA_DIR, built exactly as server.ts builds
 * it, with the embedded adapters (mail, SMS and WhatsApp to files, images on disk). Every answer
 * it gives is checked against its OpenAPI document when it closes (`watchAnswers`).
 */
export async function createTestApp(
  options: {
    env?: Record<string, string>;
    build?: BuildAppOptions;
    beforeReady?: (app: FastifyInstance) => void;
  } = {},
): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'hourspace-test-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    NODE_ENV: 'test',
    // production refuses to start without a business identity (env.test.ts checks that)
    ...(options.env?.NODE_ENV === 'production' ? TEST_BUSINESS_ENV : {}),
    ...options.env,
  });
  const testDb = await createTestDatabase();
  const deps: AppDeps = {
    config,
    authSecret: 'test-secret-that-is-long-enough-for-better-auth',
    database: testDb.database,
    mailer: createFileMailer({
      dir: config.mail.dir,
      from: config.mail.from,
      logger: silentLogger,
    }),
    sms: createLogSms({ dir: path.join(dataDir, 'sms'), logger: silentLogger }),
    // Files in DATA_DIR/whatsapp, or the Cloud API when a test sets WHATSAPP_* (a local server).
    whatsapp: createWhatsAppSender(config.whatsapp, silentLogger),
    storage: createDiskStorage({ dir: path.join(dataDir, 'uploads') }),
  };
  const app = await buildApp(deps, {
    logger: false,
    webRoot: path.join(dataDir, 'no-web-build'),
    ...options.build,
  });
  options.beforeReady?.(app);
  const answers = watchAnswers(app);
  await app.ready();
  return {
    app,
    deps,
    config,
    testDb,
    dataDir,
    /**
     * Closes the app and drops its database; then fails if the app gave an answer its OpenAPI
     * document does not describe (a status, or an error code under that status: watchAnswers).
     */
    async close() {
      const problems = answers.problems(app.swagger() as unknown as OpenApiDocument);
      await app.close();
      await testDb.drop();
      await rm(dataDir, { recursive: true, force: true });
      if (problems.length > 0)
        throw new Error(
          `Answers the OpenAPI document (GET /api/docs/json) does not describe — declare the code in the route's config.errors (or the endpoint's errors in auth-operations.ts):\n${problems.join('\n')}`,
        );
    },
  };
}
