import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  DEVELOPMENT_BUSINESS_VARIABLES,
  REQUIRED_BUSINESS_VARIABLES,
} from './business-identity.ts';
import { TEST_BUSINESS_ENV } from '#tests/support/business-env.ts';
import { ENV_VARIABLES, EnvError, loadConfig } from './env.ts';

describe('loadConfig', () => {
  it('runs on embedded defaults with nothing set', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.dataDir).toBe(path.resolve('./data'));
    expect(config.database).toEqual({ pgliteDir: path.resolve('./data/db') });
    expect(config.mail.smtpUrl).toBeUndefined();
    expect(config.mail.dir).toBe(path.resolve('./data/mail'));
    expect(config.sms).toEqual({ kind: 'log', dir: path.resolve('./data/sms') });
    expect(config.storage).toEqual({ kind: 'disk', dir: path.resolve('./data/uploads') });
    expect(config.worker).toEqual({
      enabled: true,
      pollMs: 1_000,
      retryBaseMs: 5_000,
      lockTimeoutMs: 60_000,
      sweepEveryMs: 60_000,
    });
    expect(config.requests).toEqual({ ttlHours: 48, reminderHours: 24, noticeEveryMs: 600_000 });
    expect(config.redisKeyPrefix).toBe('hs:');
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.trustProxy).toBe(false);
  });

  it('chooses the production adapters by configuration', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://app@db:5432/hourspace',
      SMTP_URL: 'smtps://user:pass@smtp.example.com',
      SMS_ACCOUNT_SID: 'AC1',
      SMS_AUTH_TOKEN: 'token',
      SMS_FROM: 'HourSpace',
      S3_BUCKET: 'hourspace',
      S3_ACCESS_KEY_ID: 'id',
      S3_SECRET_ACCESS_KEY: 'secret',
      WORKER: 'off',
      TRUST_PROXY: '1',
    });
    expect(config.database).toEqual({ url: 'postgres://app@db:5432/hourspace', poolMax: 10 });
    expect(config.mail.smtpUrl).toBe('smtps://user:pass@smtp.example.com');
    expect(config.sms.kind).toBe('twilio');
    expect(config.storage.kind).toBe('s3');
    expect(config.worker.enabled).toBe(false);
    expect(config.trustProxy).toBe(1);
  });

  it('reads the worker timings and the Redis key prefix', () => {
    const config = loadConfig({
      WORKER_RETRY_BASE_MS: '200',
      WORKER_LOCK_TIMEOUT_MS: '1500',
      REDIS_KEY_PREFIX: 'hs-staging:',
    });
    expect(config.worker).toMatchObject({ retryBaseMs: 200, lockTimeoutMs: 1_500 });
    expect(config.redisKeyPrefix).toBe('hs-staging:');
  });

  it('accepts an http:// PUBLIC_URL in production only when told it sits behind TLS', () => {
    const env = { NODE_ENV: 'production', AUTH_SECRET: 'p'.repeat(40), ...TEST_BUSINESS_ENV };
    expect(loadConfig({ ...env, PUBLIC_URL: 'https://hourspace.sa' }).publicUrl).toBe(
      'https://hourspace.sa',
    );
    expect(
      loadConfig({ ...env, PUBLIC_URL: 'http://app.internal', ALLOW_HTTP_PUBLIC_URL: 'true' })
        .publicUrl,
    ).toBe('http://app.internal');
  });

  it('reads the request expiry and reminder hours (fractions allowed) and the sweep period', () => {
    const config = loadConfig({
      REQUEST_TTL_HOURS: '0.25',
      REQUEST_REMINDER_HOURS: '12',
      SWEEP_EVERY_SECONDS: '5',
      REQUEST_NOTICE_EVERY_SECONDS: '3',
    });
    expect(config.requests).toEqual({ ttlHours: 0.25, reminderHours: 12, noticeEveryMs: 3_000 });
    // The "new request" notices' window (decision 072): ten minutes unless told, whole seconds
    // from 1 to a day.
    expect(loadConfig({}).requests.noticeEveryMs).toBe(600_000);
    for (const bad of ['0', '1.5', '86401', 'soon']) {
      expect(() => loadConfig({ REQUEST_NOTICE_EVERY_SECONDS: bad })).toThrow(
        /REQUEST_NOTICE_EVERY_SECONDS/,
      );
    }
    expect(config.worker.sweepEveryMs).toBe(5_000);
    expect(() => loadConfig({ REQUEST_TTL_HOURS: '0' })).toThrow(/REQUEST_TTL_HOURS/);
    expect(() => loadConfig({ REQUEST_REMINDER_HOURS: 'soon' })).toThrow(/REQUEST_REMINDER_HOURS/);
    expect(() => loadConfig({ SWEEP_EVERY_SECONDS: '0.5' })).toThrow(/SWEEP_EVERY_SECONDS/);
  });

  it('reads the platform fee as basis points, 10 % by default, and refuses anything else', () => {
    expect(loadConfig({}).platformFeeBasisPoints).toBe(1000);
    expect(loadConfig({ PLATFORM_FEE_PERCENT: '12.5' }).platformFeeBasisPoints).toBe(1250);
    expect(loadConfig({ PLATFORM_FEE_PERCENT: '0' }).platformFeeBasisPoints).toBe(0);
    for (const bad of ['101', '-1', '10%', '1.234', 'ten']) {
      expect(() => loadConfig({ PLATFORM_FEE_PERCENT: bad })).toThrow(/PLATFORM_FEE_PERCENT/);
    }
  });

  describe('business identity', () => {
    const production = {
      NODE_ENV: 'production',
      AUTH_SECRET: 'p'.repeat(40),
      PUBLIC_URL: 'https://hourspace.sa',
    };

    it('outside production, stands in the labelled development defaults', () => {
      const config = loadConfig({});
      expect(config.businessIsDevelopmentDefault).toBe(true);
      expect(config.business.legalName.en).toMatch(/development data, not real/);
      expect(config.business.legalName.ar).toMatch(/بيانات تطوير/);
      expect(config.business.vatNumber).toBe(DEVELOPMENT_BUSINESS_VARIABLES.BUSINESS_VAT_NUMBER);
    });

    it('refuses a production start without it, naming every missing variable', () => {
      expect(() => loadConfig(production)).toThrow(EnvError);
      try {
        loadConfig(production);
      } catch (error) {
        const { problems } = error as EnvError;
        for (const name of REQUIRED_BUSINESS_VARIABLES) {
          expect(problems.some((p) => p.startsWith(`${name} is required in production`))).toBe(
            true,
          );
        }
        expect(problems.some((p) => p.startsWith('BUSINESS_ADDITIONAL_NUMBER'))).toBe(false);
      }
      // one missing is enough to refuse
      const { BUSINESS_VAT_NUMBER: _vat, ...withoutVat } = TEST_BUSINESS_ENV;
      expect(() => loadConfig({ ...production, ...withoutVat })).toThrow(/BUSINESS_VAT_NUMBER/);
    });

    it('reads a configured identity, the national address written out in both languages', () => {
      const config = loadConfig({ ...production, ...TEST_BUSINESS_ENV });
      expect(config.businessIsDevelopmentDefault).toBe(false);
      expect(config.business).toEqual({
        legalName: { ar: 'شركة اختبار المساحات المحدودة', en: 'Test Spaces Ltd' },
        commercialRegistration: '1010123456',
        vatNumber: '310123456700003',
        nationalAddress: {
          ar: '2468 شارع التحلية، حي السليمانية، الرياض 12245-7531',
          en: '2468 Tahlia Street, As Sulimaniyah, Riyadh 12245-7531',
          buildingNumber: '2468',
          street: 'شارع التحلية',
          district: 'حي السليمانية',
          city: 'الرياض',
          postalCode: '12245',
          additionalNumber: '7531',
        },
        email: 'legal@test-spaces.example',
        phone: '+966112345678',
      });
      const { BUSINESS_ADDITIONAL_NUMBER: _n, ...withoutAdditional } = TEST_BUSINESS_ENV;
      const plain = loadConfig({ ...production, ...withoutAdditional }).business.nationalAddress;
      expect(plain.additionalNumber).toBeUndefined();
      expect(plain.en).toBe('2468 Tahlia Street, As Sulimaniyah, Riyadh 12245');
    });

    it('outside production, wants all or none (no half-real identity)', () => {
      expect(() => loadConfig({ BUSINESS_LEGAL_NAME_EN: 'Half Ltd' })).toThrow(
        /BUSINESS_VAT_NUMBER is required when any BUSINESS_\* variable is set/,
      );
    });

    it.each([
      ['BUSINESS_VAT_NUMBER', '123456789012345'],
      ['BUSINESS_VAT_NUMBER', '31012345670000'],
      ['BUSINESS_CR_NUMBER', '10101'],
      ['BUSINESS_BUILDING_NUMBER', '12a4'],
      ['BUSINESS_POSTAL_CODE', '1224'],
      ['BUSINESS_ADDITIONAL_NUMBER', '75310'],
      ['BUSINESS_EMAIL', 'legal-at-example'],
      ['BUSINESS_PHONE', '0112345678'],
      ['BUSINESS_LEGAL_NAME_EN', '<b>Ltd</b>'],
      ['BUSINESS_STREET_AR', 'x'],
    ])('rejects a bad %s (%s)', (name, value) => {
      expect(() => loadConfig({ ...TEST_BUSINESS_ENV, [name]: value })).toThrow(
        new RegExp(`${name} must`),
      );
    });
  });

  it('treats empty strings as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' }).port).toBe(3000);
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ SMTP_URL: 'http://mail' }, 'SMTP_URL'],
    [{ WORKER: 'maybe' }, 'WORKER'],
    [{ NODE_ENV: 'staging' }, 'NODE_ENV'],
    [{ TEAM_EMAIL: 'not-an-email' }, 'TEAM_EMAIL'],
    [{ SMS_ACCOUNT_SID: 'AC1' }, 'SMS_AUTH_TOKEN'],
    [{ S3_BUCKET: 'bucket' }, 'S3_ACCESS_KEY_ID'],
    [{ TRUST_PROXY: 'everyone' }, 'TRUST_PROXY'],
    [{ WORKER_RETRY_BASE_MS: '0' }, 'WORKER_RETRY_BASE_MS'],
    [{ WORKER_LOCK_TIMEOUT_MS: 'soon' }, 'WORKER_LOCK_TIMEOUT_MS'],
    [{ REDIS_KEY_PREFIX: 'has space' }, 'REDIS_KEY_PREFIX'],
    [{ NODE_ENV: 'production' }, 'AUTH_SECRET'],
    [{ NODE_ENV: 'production', AUTH_SECRET: 'p'.repeat(40) }, 'PUBLIC_URL'],
    [
      { NODE_ENV: 'production', AUTH_SECRET: 'p'.repeat(40), PUBLIC_URL: 'http://hourspace.sa' },
      'ALLOW_HTTP_PUBLIC_URL',
    ],
    [{ AUTH_SECRET: 'short' }, 'AUTH_SECRET'],
    [{ GOOGLE_CLIENT_ID: 'id-only' }, 'GOOGLE_CLIENT_SECRET'],
  ])('names the bad variable: %o', (env, name) => {
    expect(() => loadConfig(env)).toThrow(EnvError);
    try {
      loadConfig(env);
    } catch (error) {
      expect((error as EnvError).message).toContain(name);
    }
  });

  it('every variable it reads is in README’s environment table', async () => {
    const { readFile } = await import('node:fs/promises');
    const readme = await readFile(new URL('../../README.md', import.meta.url), 'utf8');
    const table = readme.slice(readme.indexOf('## Environment'), readme.indexOf('## Scripts'));
    const missing = ENV_VARIABLES.filter((name) => !table.includes(`\`${name}\``));
    expect(missing).toEqual([]);
    // The app reads its environment only here: no `process.env.X` elsewhere under src/ that the
    // table (and this check) would not know about.
    const { readdir } = await import('node:fs/promises');
    const src = new URL('../', import.meta.url);
    const files = (await readdir(src, { recursive: true })).filter(
      (file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file),
    );
    const readElsewhere: string[] = [];
    for (const file of files) {
      const text = await readFile(new URL(file, src), 'utf8');
      for (const match of text.matchAll(
        /process\.env(?:\.([A-Z_][A-Z0-9_]*)|\[['"]([A-Z_0-9]+)['"]\])/g,
      )) {
        const name = match[1] ?? match[2]!;
        if (file !== 'server/env.ts' && !ENV_VARIABLES.includes(name))
          readElsewhere.push(`${file}: ${name}`);
      }
    }
    expect(readElsewhere).toEqual([]);
    expect(files.length).toBeGreaterThan(50);
    // PUBLIC_URL's row says what it means for signing in.
    const publicUrlRow = table.split('\n').find((line) => line.startsWith('| `PUBLIC_URL`'));
    expect(publicUrlRow).toMatch(/sign in/);
    expect(publicUrlRow).toContain('ORIGIN_NOT_TRUSTED');
  });

  it('never echoes a secret', () => {
    try {
      loadConfig({ SMS_AUTH_TOKEN: 'super-secret-token', SMS_ACCOUNT_SID: 'x' });
    } catch (error) {
      expect((error as Error).message).not.toContain('super-secret-token');
    }
  });
});
