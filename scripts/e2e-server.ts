/**
 * The server the end-to-end tests drive: the production build and the real server on a fresh
 * DATA_DIR (test-results/e2e-data), seeded with the demo data, and on a fresh PostgreSQL database
 * when TEST_DATABASE_URL is set.
 *
 * On PGlite the fresh DATA_DIR starts as a copy of a seeded snapshot (scripts/e2e-snapshot.ts:
 * made once per day and per change of the migrations, seed or demo data), so the server neither
 * migrates nor seeds; on PostgreSQL the server migrates and seeds the new database itself.
 */
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { copySeededSnapshot } from './e2e-snapshot.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const dataDir = path.join(root, 'test-results/e2e-data');
await rm(dataDir, { recursive: true, force: true });

const env: Record<string, string> = {
  DATA_DIR: dataDir,
  PORT: process.env.E2E_PORT ?? '4173',
  PUBLIC_URL: `http://127.0.0.1:${process.env.E2E_PORT ?? '4173'}`,
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
  NODE_ENV: 'test',
  WORKER_POLL_MS: '200',
  // The periodic sweeps every 10 s (60 by default): payments.spec.ts waits for the release of a
  // booking left unpaid past its deadline on the real clock. Each sweep only handles what is due,
  // so running them more often changes when, never what, for every other journey.
  SWEEP_EVERY_SECONDS: '10',
  // The e2e suite signs in and posts a lot from one address.
  API_RATE_LIMIT_PER_MINUTE: '100000',
  // The contact page links this number (unset, it shows no WhatsApp link at all).
  WHATSAPP_NUMBER: '966511111111',
  // "Delete my account": the grace is a real setting (decision 071); 3.6 s here, so the journey
  // sees the sweep erase the account (account-delete.spec.ts). No other journey deletes one.
  ACCOUNT_DELETION_GRACE_HOURS: '0.001',
  // The coalesced "new request" emails to hosts and admins (decision 072): a 3-second window, not
  // ten minutes, so host-decisions.spec.ts opens the host's email of a request that arrived
  // while another journey's was just sent. When, never what: each request is listed once.
  REQUEST_NOTICE_EVERY_SECONDS: '3',
};
const adminUrl = process.env.TEST_DATABASE_URL;
if (adminUrl) {
  // One database per port, so two e2e runs on one machine do not drop each other's.
  const name = `hourspace_e2e_${env.PORT}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists "${name}" with (force)`);
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  env.DATABASE_URL = url.toString();
} else {
  await copySeededSnapshot(dataDir);
}
Object.assign(process.env, env);
delete process.env.TEST_DATABASE_URL;

await import('./start.ts');
