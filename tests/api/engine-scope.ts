/**
 * Which API test files depend on the database engine (issue 30). `npm test` runs every file in
 * tests/api on PGlite; CI's second pass, `npm run test:engine` (TEST_SCOPE=engine) on PostgreSQL,
 * runs only ENGINE_DEPENDENT (vitest.config.ts reads this list).
 *
 * A file depends on the engine when its result could differ between PGlite and PostgreSQL: it
 * stores or reads data through the app (SQL, transactions, constraints, races, text search,
 * migrations, the database driver). A file is engine-independent when its subject lives outside
 * the database — an adapter, an HTTP header, a rate limit in Redis — and the SQL it runs on the
 * way (a sign-in, a session lookup) is the same code an engine-dependent file runs on
 * PostgreSQL. When in doubt, a file stays engine-dependent.
 *
 * tests/api/engine-scope.test.ts fails when a file that opens a database is in neither list,
 * when a file is in both, or when an engine-independent file opens a database without saying so
 * (`opensDatabase: true`) — so a new API test is classified by whoever writes it.
 */

/** Run on both engines. Paths from the repository root. */
export const ENGINE_DEPENDENT = [
  'tests/api/account-contact-changes.test.ts',
  'tests/api/account-data-export.test.ts',
  'tests/api/account-deletion.test.ts',
  'tests/api/account-password.test.ts',
  'tests/api/account-sessions.test.ts',
  'tests/api/accounts.test.ts',
  'tests/api/adapters-mail.test.ts',
  'tests/api/admin-race.test.ts',
  'tests/api/admin.test.ts',
  'tests/api/approve-what-was-seen.test.ts',
  'tests/api/authorization-matrix.test.ts',
  'tests/api/bearer-tokens.test.ts',
  'tests/api/body-guard.test.ts',
  'tests/api/booking-overlap-constraint.test.ts',
  'tests/api/booking-reference.test.ts',
  'tests/api/booking-race.test.ts',
  'tests/api/booking-request-email-language.test.ts',
  'tests/api/booking-request-renter-email.test.ts',
  'tests/api/booking-settings.test.ts',
  'tests/api/bookings.test.ts',
  'tests/api/calendar-feed.test.ts',
  'tests/api/contact.test.ts',
  'tests/api/edit-listing.test.ts',
  'tests/api/google-signin.test.ts',
  'tests/api/host-bookings.test.ts',
  'tests/api/host-decisions.test.ts',
  'tests/api/host-notices.test.ts',
  'tests/api/invoice-payments.test.ts',
  'tests/api/invoice-routes.test.ts',
  'tests/api/invoices-reporting.test.ts',
  'tests/api/invoices.test.ts',
  'tests/api/invoicing-details.test.ts',
  'tests/api/messages.test.ts',
  'tests/api/hostile-input/account.test.ts',
  'tests/api/hostile-input/admin.test.ts',
  'tests/api/hostile-input/auth.test.ts',
  'tests/api/hostile-input/member.test.ts',
  'tests/api/hostile-input/public.test.ts',
  'tests/api/hostile-input/regressions.test.ts',
  'tests/api/jobs.test.ts',
  'tests/api/ledger.test.ts',
  'tests/api/listing.test.ts',
  'tests/api/midnight-hours.test.ts',
  'tests/api/money.test.ts',
  // issue 37 item 8: a bearer token is let through only when it opens a live session (a read)
  'tests/api/origins.test.ts',
  'tests/api/payment-window.test.ts',
  'tests/api/payments-moyasar.test.ts',
  'tests/api/payments.test.ts',
  'tests/api/openapi.test.ts',
  'tests/api/periodic-sweeps.test.ts',
  'tests/api/phone-codes.test.ts',
  'tests/api/platform.test.ts',
  'tests/api/request-lifecycle.test.ts',
  'tests/api/request-guards.test.ts',
  'tests/api/request-notices.test.ts',
  'tests/api/reviews.test.ts',
  'tests/api/search-price-at-time.test.ts',
  'tests/api/search-sql.test.ts',
  'tests/api/search-term-counts.test.ts',
  'tests/api/seed.test.ts',
  'tests/api/seo.test.ts',
  'tests/api/sign-in-attempts.test.ts',
  'tests/api/sitemap-parts.test.ts',
  'tests/api/space-blocks.test.ts',
  'tests/api/space-controls.test.ts',
  'tests/api/spaces-search-arabic.test.ts',
  'tests/api/spaces-search-cap.test.ts',
  'tests/api/spaces-search-city-indexes.test.ts',
  'tests/api/spaces-search-equipped.test.ts',
  'tests/api/spaces-search.test.ts',
  'tests/api/uploads.test.ts',
  'tests/api/vat-confirmation-emails.test.ts',
  'tests/api/vat.test.ts',
  'tests/api/whatsapp-notices.test.ts',
] as const;

export interface IndependentFile {
  /** One line: why its result cannot differ between PGlite and PostgreSQL. */
  reason: string;
  /**
   * It opens a database all the same (createTestApp, createTestDatabase, …): said here so that a
   * file that starts opening one is looked at again (the guard compares this with its imports).
   */
  opensDatabase: boolean;
}

/** Run on PGlite only (in `npm test`). */
export const ENGINE_INDEPENDENT: Record<string, IndependentFile> = {
  'tests/api/adapters-moyasar.test.ts': {
    reason: 'the Moyasar adapter against a local Moyasar-like server; no database',
    opensDatabase: false,
  },
  'tests/api/content-pages.test.ts': {
    reason:
      'Markdown files and the configuration read from disk; /api/pages and /api/config run no SQL',
    opensDatabase: true,
  },
  'tests/api/adapters-sms.test.ts': {
    reason: 'the SMS adapters against a local Twilio-like server and files; no database',
    opensDatabase: false,
  },
  'tests/api/adapters-whatsapp.test.ts': {
    reason: 'the WhatsApp adapters against a local Cloud API server and files; no database',
    opensDatabase: false,
  },
  'tests/api/adapters-storage.test.ts': {
    reason:
      'the disk and S3 adapters, and /media reading storage; the app it builds runs no SQL here',
    opensDatabase: true,
  },
  'tests/api/security-headers.test.ts': {
    reason:
      'headers set by the HTTP layer on a stand-in web build (no pre-render, so no loader asks the database)',
    opensDatabase: true,
  },
  'tests/api/trust-proxy.test.ts': {
    reason: 'the rate limit per forwarded address, counted in memory; /api/config runs no SQL',
    opensDatabase: true,
  },
  'tests/api/redis-counter.test.ts': {
    reason:
      'attempt and rate-limit counts live in Redis; its sign-ins and contact messages are those of accounts/contact.test.ts',
    opensDatabase: true,
  },
  'tests/api/translation.test.ts': {
    reason:
      'the LibreTranslate adapter and /api/translate call no SQL of their own; the sign-up is signedInUser, run on both elsewhere',
    opensDatabase: true,
  },
  'tests/api/preload-links.test.ts': {
    reason:
      'Link headers read from the build’s preload-links.json; its one read is GET /api/spaces/:id, tested on both by seo and spaces-search',
    opensDatabase: true,
  },
  'tests/api/personal-answers.test.ts': {
    reason:
      'Cache-Control: no-store set by a hook on /api/me; the reads behind it are tested on both by bookings/edit-listing',
    opensDatabase: true,
  },
  'tests/api/hostile-input/coverage.test.ts': {
    reason:
      'compares Fastify’s route table with the fuzz cases; the fuzzing itself is engine-dependent (the other hostile-input files)',
    opensDatabase: true,
  },
  'tests/api/engine-scope.test.ts': {
    reason: 'reads the test files’ imports; no database',
    opensDatabase: false,
  },
};
