import path from 'node:path';
import { z } from 'zod';
import { feeBasisPoints } from '#shared/domain/ledger-split.ts';
import {
  businessIdentityFrom,
  REQUIRED_BUSINESS_VARIABLES,
  type BusinessIdentity,
} from './business-identity.ts';

/**
 * The environment, read and validated once at start. Every variable is optional: with none set
 * the app runs on its embedded defaults (PGlite, mail and SMS to files, images on disk).
 * README.md lists each one; keep the two in step.
 */

const flag = z
  .enum(['true', 'false', '1', '0', 'on', 'off', 'yes', 'no'], {
    error: 'must be one of true, false, 1, 0, on, off, yes, no',
  })
  .transform((v) => ['true', '1', 'on', 'yes'].includes(v));

const port = z.coerce
  .number({ error: 'must be a number' })
  .int('must be a whole number')
  .min(0, 'must be between 0 and 65535')
  .max(65535, 'must be between 0 and 65535');

const positiveInt = (max: number) =>
  z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(max, `must be at most ${max}`);

/** Hours, fractions allowed (tests shorten a wait to seconds), up to a year. */
const positiveHours = z.coerce
  .number({ error: 'must be a number' })
  .positive('must be more than 0')
  .max(24 * 366, 'must be at most 8784');

const urlWithProtocols = (protocols: string[]) =>
  z.string().refine(
    (v) => {
      try {
        return protocols.includes(new URL(v).protocol);
      } catch {
        return false;
      }
    },
    { message: `must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}` },
  );

const email = z.string().refine((v) => /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/.test(v.trim()), {
  message: 'must be an email address',
});
/** `Name <address>` or a bare address */
const mailbox = z
  .string()
  .refine((v) => /^([^<>]*<[^\s@<>]+@[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+)$/.test(v.trim()), {
    message: 'must be an address, optionally with a name: HourSpace <no-reply@example.com>',
  });

/** A business name or address part: one line, no markup. */
const businessText = z
  .string()
  .trim()
  .min(2, 'must be at least 2 characters')
  .max(200, 'must be at most 200 characters')
  .refine((v) => !/[<>\n\r]/.test(v), { message: 'must be one line without < or >' })
  .optional();

const envSchema = z
  .object({
    NODE_ENV: z
      .enum(['development', 'production', 'test'], {
        error: 'must be development, production or test',
      })
      .default('development'),
    HOST: z.string().min(1).default('0.0.0.0'),
    PORT: port.default(3000),
    PUBLIC_URL: urlWithProtocols(['http:', 'https:']).optional(),
    /**
     * Production only: accept an `http://` PUBLIC_URL, for a proxy that terminates TLS in front
     * of an internal name. Cookies stay `Secure` whatever it says.
     */
    ALLOW_HTTP_PUBLIC_URL: flag.default(false),
    DATA_DIR: z.string().min(1).default('./data'),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
        error: 'must be fatal, error, warn, info, debug, trace or silent',
      })
      .default('info'),
    /** `pretty`: one readable line per entry; `json`: pino's JSON lines (default outside development). */
    LOG_FORMAT: z.enum(['pretty', 'json'], { error: 'must be pretty or json' }).optional(),
    /** Behind a proxy: how many hops to trust for the client address (see README). */
    TRUST_PROXY: z
      .string()
      .regex(/^(false|true|\d{1,2})$/, 'must be false, true or a number of hops')
      .default('false'),
    BODY_LIMIT_BYTES: positiveInt(50 * 1024 * 1024).default(1024 * 1024),
    API_RATE_LIMIT_PER_MINUTE: positiveInt(1_000_000).default(600),
    /** Conversations (issue 34): messages per minute per sender and per conversation. */
    MESSAGES_PER_SENDER_PER_MINUTE: positiveInt(100_000).default(20),
    MESSAGES_PER_CONVERSATION_PER_MINUTE: positiveInt(100_000).default(30),
    /** How often the live stream sends its heartbeat (product spec: 30 s). */
    LIVE_HEARTBEAT_MS: positiveInt(600_000).default(30_000),

    /** Signs sessions and activation links; at least 32 characters. Generated into DATA_DIR when unset. */
    AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    GOOGLE_CLIENT_ID: z.string().min(1).optional(),
    GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
    /** The OpenID Connect issuer for Google sign-in (a local provider in tests). */
    GOOGLE_ISSUER: urlWithProtocols(['http:', 'https:']).default('https://accounts.google.com'),

    DATABASE_URL: urlWithProtocols(['postgres:', 'postgresql:']).optional(),
    DATABASE_POOL_MAX: positiveInt(500).default(10),
    SEED_DEMO_DATA: flag.default(true),

    WORKER: flag.default(true),
    WORKER_POLL_MS: positiveInt(60_000).default(1_000),
    /** First retry delay of a failed job; each further retry waits twice as long (capped at 1 h). */
    WORKER_RETRY_BASE_MS: positiveInt(3_600_000).default(5_000),
    /**
     * A `running` job whose lock was not renewed for this long (its worker renews it every third
     * of it) is taken to be orphaned by a dead process and re-queued.
     */
    WORKER_LOCK_TIMEOUT_MS: positiveInt(24 * 3_600_000).default(60_000),

    /** How often each periodic sweep (expiry, reminders) runs, in seconds. */
    SWEEP_EVERY_SECONDS: positiveInt(3600).default(60),
    /** A pending request expires this many hours after it was sent (or at its start, if sooner). */
    REQUEST_TTL_HOURS: positiveHours.default(48),
    /** The admins are reminded of a request that has waited this many hours. */
    REQUEST_REMINDER_HOURS: positiveHours.default(24),
    /**
     * Coalesced "new request" notices (issue 37, decision 072): a host or admin is emailed of new
     * requests at most once per this many seconds; the first of a quiet period goes at once, a
     * burst in one email at the end of the window. At most a day.
     */
    REQUEST_NOTICE_EVERY_SECONDS: positiveInt(86_400).default(600),
    /**
     * "Delete my account" (decision 071): the grace, in hours, before the sweep erases the data;
     * signing in during it cancels. 14 days; tests shorten it (fractions allowed).
     */
    ACCOUNT_DELETION_GRACE_HOURS: positiveHours.default(14 * 24),
    /**
     * HourSpace's fee, in percent of a booking's VAT-inclusive total (15 % VAT is added on the
     * fee); the rest is owed to the host. Read by the ledger at each payment (decision 054).
     */
    PLATFORM_FEE_PERCENT: z
      .string()
      .refine((v) => feeBasisPoints(v) !== null, {
        message: 'must be a percent from 0 to 100 with at most two decimals, e.g. 10 or 12.5',
      })
      .default('10'),

    /** Shared rate-limit counters for several instances. */
    REDIS_URL: urlWithProtocols(['redis:', 'rediss:']).optional(),
    /** Prefix of every key this app writes in Redis (several apps, or test runs, on one Redis). */
    REDIS_KEY_PREFIX: z
      .string()
      .regex(/^[A-Za-z0-9:_.-]{1,64}$/, 'must be 1-64 letters, digits or : _ . -')
      .default('hs:'),

    SMTP_URL: urlWithProtocols(['smtp:', 'smtps:']).optional(),
    MAIL_FROM: mailbox.default('HourSpace <no-reply@hourspace.sa>'),
    TEAM_EMAIL: email.default('team@hourspace.sa'),
    /**
     * The team's WhatsApp number for the contact page: digits with the country code. Unset: the
     * contact page shows no WhatsApp link (never a placeholder number a stranger would answer).
     */
    WHATSAPP_NUMBER: z
      .string()
      .regex(/^[1-9]\d{7,14}$/, 'must be digits with the country code, e.g. 966511111111')
      .optional(),
    /** WhatsApp Cloud API: both set, booking notices go to opted-in users through it. */
    WHATSAPP_PHONE_NUMBER_ID: z
      .string()
      .regex(/^\d{1,30}$/, 'must be the digits of the WhatsApp phone number id')
      .optional(),
    WHATSAPP_ACCESS_TOKEN: z.string().min(1).optional(),
    WHATSAPP_API_URL: urlWithProtocols(['http:', 'https:']).default('https://graph.facebook.com'),
    WHATSAPP_API_VERSION: z
      .string()
      .regex(/^v\d{1,3}\.\d{1,3}$/, 'must be a Graph API version, e.g. v21.0')
      .default('v21.0'),
    /** Put before each template's name: the names the templates were approved under. */
    WHATSAPP_TEMPLATE_PREFIX: z
      .string()
      .regex(/^[a-z0-9_]{0,64}$/, 'must be lowercase letters, digits or _')
      .default('hourspace_'),

    /**
     * ZATCA e-invoicing (Fatoora; decision 064). All four of CSID token, secret, private key and
     * VAT number set: documents of that seller are signed with the CSID's certificate and reported
     * (simplified) or cleared (standard) through ZATCA_API_URL. Unset: signed with a local test
     * key kept in DATA_DIR/zatca and marked "not reported".
     */
    ZATCA_API_URL: urlWithProtocols(['http:', 'https:']).default(
      'https://gw-fatoora.zatca.gov.sa/e-invoicing/core',
    ),
    /** the production CSID's binarySecurityToken, as ZATCA returned it */
    ZATCA_CSID_TOKEN: z
      .string()
      .regex(/^[A-Za-z0-9+/=]+$/, 'must be base64')
      .optional(),
    ZATCA_CSID_SECRET: z.string().min(1).optional(),
    /** the EGS unit's secp256k1 private key (PEM; "\\n" for line breaks is accepted) */
    ZATCA_PRIVATE_KEY: z.string().min(1).optional(),
    /** the VAT number the CSID was issued for */
    ZATCA_VAT_NUMBER: z
      .string()
      .regex(/^3\d{13}3$/, 'must be 15 digits, first and last 3')
      .optional(),

    SMS_URL: urlWithProtocols(['http:', 'https:']).default('https://api.twilio.com'),
    SMS_ACCOUNT_SID: z.string().min(1).optional(),
    SMS_AUTH_TOKEN: z.string().min(1).optional(),
    SMS_FROM: z.string().min(1).optional(),

    S3_BUCKET: z.string().min(3).max(63).optional(),
    S3_REGION: z.string().min(1).default('us-east-1'),
    S3_ENDPOINT: urlWithProtocols(['http:', 'https:']).optional(),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    S3_FORCE_PATH_STYLE: flag.default(false),
    /** Where browsers fetch the bucket's objects (a CDN); defaults to the app serving them. */
    S3_PUBLIC_URL: urlWithProtocols(['http:', 'https:']).optional(),

    /** A LibreTranslate-compatible API for the listing wizard's Translate action; off when unset. */
    TRANSLATE_URL: urlWithProtocols(['http:', 'https:']).optional(),
    TRANSLATE_API_KEY: z.string().min(1).optional(),

    /**
     * Who runs the service (business-identity.ts): footer, /about, /terms, /privacy, invoices.
     * Required in production; unset elsewhere, labelled development defaults stand in.
     */
    BUSINESS_LEGAL_NAME_AR: businessText,
    BUSINESS_LEGAL_NAME_EN: businessText,
    BUSINESS_CR_NUMBER: z
      .string()
      .regex(/^\d{10}$/, 'must be the 10 digits of the commercial registration')
      .optional(),
    BUSINESS_VAT_NUMBER: z
      .string()
      .regex(/^3\d{13}3$/, 'must be the 15-digit VAT number, starting and ending with 3')
      .optional(),
    BUSINESS_BUILDING_NUMBER: z
      .string()
      .regex(/^\d{4}$/, 'must be the 4-digit building number of the national address')
      .optional(),
    BUSINESS_STREET_AR: businessText,
    BUSINESS_STREET_EN: businessText,
    BUSINESS_DISTRICT_AR: businessText,
    BUSINESS_DISTRICT_EN: businessText,
    BUSINESS_CITY_AR: businessText,
    BUSINESS_CITY_EN: businessText,
    BUSINESS_POSTAL_CODE: z
      .string()
      .regex(/^\d{5}$/, 'must be the 5-digit postal code')
      .optional(),
    BUSINESS_ADDITIONAL_NUMBER: z
      .string()
      .regex(/^\d{4}$/, 'must be the 4-digit additional number of the national address')
      .optional(),
    BUSINESS_EMAIL: email.optional(),
    BUSINESS_PHONE: z
      .string()
      .regex(/^\+\d{8,15}$/, 'must be + and the digits with the country code, e.g. +966112345678')
      .optional(),
    /** Issue 32: a confirmed booking is paid within this many hours (never later than 2 h before its start). */
    PAYMENT_WINDOW_HOURS: positiveHours.default(24),
    /** Moyasar's secret key (sk_test_… or sk_live_…). Unset: the embedded test gateway (not in production). */
    MOYASAR_SECRET_KEY: z
      .string()
      .regex(
        /^sk_(test|live)_[A-Za-z0-9]+$/,
        'must be a Moyasar secret key: sk_test_… or sk_live_…',
      )
      .optional(),
    /** The webhook's secret token, as set in Moyasar's dashboard. Required with MOYASAR_SECRET_KEY. */
    MOYASAR_WEBHOOK_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
    MOYASAR_API_URL: urlWithProtocols(['http:', 'https:']).default('https://api.moyasar.com'),
    /** How long one call to the gateway may take before it is retried. */
    PAYMENT_TIMEOUT_MS: positiveInt(120_000).default(10_000),
  })
  .superRefine((env, ctx) => {
    const businessSet = REQUIRED_BUSINESS_VARIABLES.filter((name) => env[name] !== undefined);
    if (
      (env.NODE_ENV === 'production' || businessSet.length > 0 || env.BUSINESS_ADDITIONAL_NUMBER) &&
      businessSet.length < REQUIRED_BUSINESS_VARIABLES.length
    ) {
      for (const name of REQUIRED_BUSINESS_VARIABLES) {
        if (env[name] === undefined) {
          ctx.addIssue({
            code: 'custom',
            path: [name],
            message:
              env.NODE_ENV === 'production'
                ? 'is required in production: the business identity shown on every page and invoice'
                : 'is required when any BUSINESS_* variable is set (all or none)',
          });
        }
      }
    }
    const sms = [env.SMS_ACCOUNT_SID, env.SMS_AUTH_TOKEN, env.SMS_FROM];
    if (sms.some(Boolean) && !sms.every(Boolean)) {
      for (const key of ['SMS_ACCOUNT_SID', 'SMS_AUTH_TOKEN', 'SMS_FROM'] as const) {
        if (!env[key]) {
          ctx.addIssue({
            code: 'custom',
            path: [key],
            message: 'is required when any SMS_ACCOUNT_SID, SMS_AUTH_TOKEN or SMS_FROM is set',
          });
        }
      }
    }
    const zatca = [
      'ZATCA_CSID_TOKEN',
      'ZATCA_CSID_SECRET',
      'ZATCA_PRIVATE_KEY',
      'ZATCA_VAT_NUMBER',
    ] as const;
    if (zatca.some((k) => env[k]) && !zatca.every((k) => env[k])) {
      for (const key of zatca.filter((k) => !env[k])) {
        ctx.addIssue({
          code: 'custom',
          path: [key],
          message:
            'is required when any ZATCA_CSID_TOKEN, ZATCA_CSID_SECRET, ZATCA_PRIVATE_KEY or ZATCA_VAT_NUMBER is set',
        });
      }
    }
    if (Boolean(env.WHATSAPP_PHONE_NUMBER_ID) !== Boolean(env.WHATSAPP_ACCESS_TOKEN)) {
      const missing = env.WHATSAPP_PHONE_NUMBER_ID
        ? 'WHATSAPP_ACCESS_TOKEN'
        : 'WHATSAPP_PHONE_NUMBER_ID';
      ctx.addIssue({
        code: 'custom',
        path: [missing],
        message: 'is required when WHATSAPP_PHONE_NUMBER_ID or WHATSAPP_ACCESS_TOKEN is set',
      });
    }
    if (Boolean(env.GOOGLE_CLIENT_ID) !== Boolean(env.GOOGLE_CLIENT_SECRET)) {
      const missing = env.GOOGLE_CLIENT_ID ? 'GOOGLE_CLIENT_SECRET' : 'GOOGLE_CLIENT_ID';
      ctx.addIssue({
        code: 'custom',
        path: [missing],
        message: 'is required when the other GOOGLE_CLIENT_* variable is set',
      });
    }
    if (
      env.NODE_ENV === 'production' &&
      !env.ALLOW_HTTP_PUBLIC_URL &&
      !env.PUBLIC_URL?.startsWith('https://')
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['PUBLIC_URL'],
        message: env.PUBLIC_URL
          ? 'must start with https:// in production (session cookies are Secure); behind a proxy that terminates TLS, set ALLOW_HTTP_PUBLIC_URL=true'
          : 'is required in production: the https:// address people open (sign-in accepts only that origin)',
      });
    }
    if (env.NODE_ENV === 'production' && !env.AUTH_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['AUTH_SECRET'],
        message: 'is required in production (32+ random characters)',
      });
    }
    if (Boolean(env.MOYASAR_SECRET_KEY) !== Boolean(env.MOYASAR_WEBHOOK_SECRET)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.MOYASAR_SECRET_KEY ? 'MOYASAR_WEBHOOK_SECRET' : 'MOYASAR_SECRET_KEY'],
        message: 'is required when MOYASAR_SECRET_KEY or MOYASAR_WEBHOOK_SECRET is set',
      });
    }
    if (env.S3_BUCKET && (!env.S3_ACCESS_KEY_ID || !env.S3_SECRET_ACCESS_KEY)) {
      for (const key of ['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
        if (!env[key]) {
          ctx.addIssue({
            code: 'custom',
            path: [key],
            message: 'is required when S3_BUCKET is set',
          });
        }
      }
    }
  });

export type RawEnv = z.infer<typeof envSchema>;

/** Every variable the app reads (README's "Environment" table lists each; env.test.ts checks). */
export const ENV_VARIABLES = Object.keys(envSchema.shape);

export interface Config {
  env: RawEnv['NODE_ENV'];
  isProduction: boolean;
  host: string;
  port: number;
  publicUrl: string;
  dataDir: string;
  logLevel: RawEnv['LOG_LEVEL'];
  logFormat: 'pretty' | 'json';
  trustProxy: boolean | number;
  bodyLimitBytes: number;
  apiRateLimitPerMinute: number;
  messages: { perSenderPerMinute: number; perConversationPerMinute: number; heartbeatMs: number };
  database: { url: string; poolMax: number } | { pgliteDir: string };
  seedDemoData: boolean;
  worker: {
    enabled: boolean;
    pollMs: number;
    retryBaseMs: number;
    lockTimeoutMs: number;
    sweepEveryMs: number;
  };
  /**
   * Issue 18: when a pending request expires, and when the admins are reminded of it; issue 37:
   * `noticeEveryMs`, the window of the coalesced "new request" notices (decision 072).
   */
  requests: { ttlHours: number; reminderHours: number; noticeEveryMs: number };
  /** Decision 071: the grace before a deleted account's data is erased. */
  account: { deletionGraceHours: number };
  /** Issue 32: HourSpace's fee in basis points of a booking's total (1000 = 10 %). */
  platformFeeBasisPoints: number;
  mail: { from: string; teamEmail: string; smtpUrl?: string; dir: string };
  /** the contact page's WhatsApp number; null: no WhatsApp link */
  whatsappNumber: string | null;
  /** booking notices on WhatsApp: the Cloud API, or files in DATA_DIR/whatsapp */
  whatsapp:
    | { kind: 'file'; dir: string }
    | {
        kind: 'cloud';
        url: string;
        apiVersion: string;
        phoneNumberId: string;
        accessToken: string;
        templatePrefix: string;
      };
  /** e-invoices (features/invoices): where the local test key lives, and ZATCA's API when configured */
  zatca:
    | { kind: 'off'; keyDir: string }
    | {
        kind: 'api';
        keyDir: string;
        url: string;
        csidToken: string;
        csidSecret: string;
        privateKeyPem: string;
        vatNumber: string;
      };
  /** null: counters in memory (one instance) */
  redisUrl: string | null;
  redisKeyPrefix: string;
  auth: {
    /** null: server.ts generates one and keeps it in DATA_DIR/auth-secret */
    secret: string | null;
    google: { clientId: string; clientSecret: string; issuer: string } | null;
  };
  sms:
    | { kind: 'log'; dir: string }
    | { kind: 'twilio'; url: string; accountSid: string; authToken: string; from: string };
  storage:
    | { kind: 'disk'; dir: string }
    | {
        kind: 's3';
        bucket: string;
        region: string;
        endpoint?: string;
        accessKeyId: string;
        secretAccessKey: string;
        forcePathStyle: boolean;
        publicUrl?: string;
      };
  translate: { kind: 'off' } | { kind: 'libretranslate'; url: string; apiKey?: string };
  /** who runs the service (business-identity.ts); the loader is `loadConfig().business` */
  business: BusinessIdentity;
  /** true: the labelled development defaults (never in production: the start refuses) */
  businessIsDevelopmentDefault: boolean;
  /**
   * Issue 32: Moyasar, or the embedded test gateway (no keys; refused in production: the pay
   * route answers 503 and its pages are not served).
   */
  payments: {
    windowHours: number;
    timeoutMs: number;
    gateway:
      | { kind: 'test' }
      | { kind: 'moyasar'; apiUrl: string; secretKey: string; webhookSecret: string };
  };
}

export class EnvError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid environment:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'EnvError';
  }
}

/** Reads the environment; throws EnvError naming every bad variable. Empty strings count as unset. */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const present = Object.fromEntries(
    Object.entries(source).filter(([, v]) => v !== undefined && v !== ''),
  );
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    throw new EnvError(
      parsed.error.issues.map((issue) => {
        const name = String(issue.path[0] ?? 'environment');
        const value = present[name];
        const shown =
          value === undefined || /SECRET|TOKEN|PASSWORD|KEY/.test(name) ? '' : ` (got "${value}")`;
        return `${name} ${issue.message}${shown}`;
      }),
    );
  }
  const e = parsed.data;
  const business = businessIdentityFrom(e);
  const dataDir = path.resolve(e.DATA_DIR);
  const trustProxy =
    e.TRUST_PROXY === 'true' ? true : e.TRUST_PROXY === 'false' ? false : Number(e.TRUST_PROXY);

  return {
    env: e.NODE_ENV,
    isProduction: e.NODE_ENV === 'production',
    host: e.HOST,
    port: e.PORT,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    dataDir,
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT ?? (e.NODE_ENV === 'development' ? 'pretty' : 'json'),
    trustProxy,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    apiRateLimitPerMinute: e.API_RATE_LIMIT_PER_MINUTE,
    messages: {
      perSenderPerMinute: e.MESSAGES_PER_SENDER_PER_MINUTE,
      perConversationPerMinute: e.MESSAGES_PER_CONVERSATION_PER_MINUTE,
      heartbeatMs: e.LIVE_HEARTBEAT_MS,
    },
    database: e.DATABASE_URL
      ? { url: e.DATABASE_URL, poolMax: e.DATABASE_POOL_MAX }
      : { pgliteDir: path.join(dataDir, 'db') },
    seedDemoData: e.SEED_DEMO_DATA,
    worker: {
      enabled: e.WORKER,
      pollMs: e.WORKER_POLL_MS,
      retryBaseMs: e.WORKER_RETRY_BASE_MS,
      lockTimeoutMs: e.WORKER_LOCK_TIMEOUT_MS,
      sweepEveryMs: e.SWEEP_EVERY_SECONDS * 1000,
    },
    requests: {
      ttlHours: e.REQUEST_TTL_HOURS,
      reminderHours: e.REQUEST_REMINDER_HOURS,
      noticeEveryMs: e.REQUEST_NOTICE_EVERY_SECONDS * 1000,
    },
    account: { deletionGraceHours: e.ACCOUNT_DELETION_GRACE_HOURS },
    platformFeeBasisPoints: feeBasisPoints(e.PLATFORM_FEE_PERCENT)!,
    mail: {
      from: e.MAIL_FROM,
      teamEmail: e.TEAM_EMAIL,
      smtpUrl: e.SMTP_URL,
      dir: path.join(dataDir, 'mail'),
    },
    whatsappNumber: e.WHATSAPP_NUMBER ?? null,
    whatsapp:
      e.WHATSAPP_PHONE_NUMBER_ID && e.WHATSAPP_ACCESS_TOKEN
        ? {
            kind: 'cloud',
            url: e.WHATSAPP_API_URL,
            apiVersion: e.WHATSAPP_API_VERSION,
            phoneNumberId: e.WHATSAPP_PHONE_NUMBER_ID,
            accessToken: e.WHATSAPP_ACCESS_TOKEN,
            templatePrefix: e.WHATSAPP_TEMPLATE_PREFIX,
          }
        : { kind: 'file', dir: path.join(dataDir, 'whatsapp') },
    zatca:
      e.ZATCA_CSID_TOKEN && e.ZATCA_CSID_SECRET && e.ZATCA_PRIVATE_KEY && e.ZATCA_VAT_NUMBER
        ? {
            kind: 'api',
            keyDir: path.join(dataDir, 'zatca'),
            url: e.ZATCA_API_URL,
            csidToken: e.ZATCA_CSID_TOKEN,
            csidSecret: e.ZATCA_CSID_SECRET,
            privateKeyPem: e.ZATCA_PRIVATE_KEY.replace(/\\n/g, '\n'),
            vatNumber: e.ZATCA_VAT_NUMBER,
          }
        : { kind: 'off', keyDir: path.join(dataDir, 'zatca') },
    redisUrl: e.REDIS_URL ?? null,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    auth: {
      secret: e.AUTH_SECRET ?? null,
      google:
        e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
          ? {
              clientId: e.GOOGLE_CLIENT_ID,
              clientSecret: e.GOOGLE_CLIENT_SECRET,
              issuer: e.GOOGLE_ISSUER.replace(/\/+$/, ''),
            }
          : null,
    },
    sms:
      e.SMS_ACCOUNT_SID && e.SMS_AUTH_TOKEN && e.SMS_FROM
        ? {
            kind: 'twilio',
            url: e.SMS_URL,
            accountSid: e.SMS_ACCOUNT_SID,
            authToken: e.SMS_AUTH_TOKEN,
            from: e.SMS_FROM,
          }
        : { kind: 'log', dir: path.join(dataDir, 'sms') },
    storage:
      e.S3_BUCKET && e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? {
            kind: 's3',
            bucket: e.S3_BUCKET,
            region: e.S3_REGION,
            endpoint: e.S3_ENDPOINT,
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
            forcePathStyle: e.S3_FORCE_PATH_STYLE,
            publicUrl: e.S3_PUBLIC_URL,
          }
        : { kind: 'disk', dir: path.join(dataDir, 'uploads') },
    translate: e.TRANSLATE_URL
      ? { kind: 'libretranslate', url: e.TRANSLATE_URL, apiKey: e.TRANSLATE_API_KEY }
      : { kind: 'off' },
    business: business.identity,
    businessIsDevelopmentDefault: business.isDevelopmentDefault,
    payments: {
      windowHours: e.PAYMENT_WINDOW_HOURS,
      timeoutMs: e.PAYMENT_TIMEOUT_MS,
      gateway:
        e.MOYASAR_SECRET_KEY && e.MOYASAR_WEBHOOK_SECRET
          ? {
              kind: 'moyasar',
              apiUrl: e.MOYASAR_API_URL.replace(/\/+$/, ''),
              secretKey: e.MOYASAR_SECRET_KEY,
              webhookSecret: e.MOYASAR_WEBHOOK_SECRET,
            }
          : { kind: 'test' },
    },
  };
}
