import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The import boundaries of eslint.config.js, proven on code that breaks them: each case lints a
 * line as if it stood in the named file, with the project's own configuration.
 */
const eslint = new ESLint({
  cwd: process.cwd(),
  // The cycle rule has its own test (no-cycle.test.ts); here it would only walk each case's
  // whole import graph, seconds per case, for messages this file does not read.
  overrideConfig: { rules: { 'import-x/no-cycle': 'off' } },
});

async function boundaryErrors(filePath: string, code: string) {
  const [result] = await eslint.lintText(`${code}\nexport const used = imported;\n`, { filePath });
  return result!.messages.filter((m) => m.ruleId === 'import-x/no-restricted-paths');
}

// The first case loads ESLint, its plugins and the configuration: seconds on a busy machine.
describe('import boundaries', { timeout: 30_000 }, () => {
  it('refuse a server feature importing another feature', async () => {
    const errors = await boundaryErrors(
      'src/server/features/bookings/boundary-case.ts',
      "import { createSpace as imported } from '../spaces/create-space.ts';",
    );
    expect(errors).toHaveLength(1);
    expect(errors[0]!.message).toMatch(/never another feature/);
  });

  it('refuse the shared server layers importing a feature, by alias, relative path or type', async () => {
    for (const [filePath, line] of [
      [
        'src/server/jobs/boundary-case.ts',
        "import { configRoutes as imported } from '#server/features/config/routes.ts';",
      ],
      [
        'src/server/db/boundary-case.ts',
        "import { createSpace as imported } from '../features/spaces/create-space.ts';",
      ],
      [
        'src/server/http/boundary-case.ts',
        "import type { Auth as imported } from '../features/account/auth.ts';",
      ],
      [
        'src/server/emails/boundary-case.ts',
        "import { healthRoutes as imported } from '#server/features/health/routes.ts';",
      ],
    ]) {
      const errors = await boundaryErrors(filePath!, line!);
      expect(errors, filePath).toHaveLength(1);
      expect(errors[0]!.message).toMatch(/Shared layers never import a feature/);
    }
  });

  it('refuse a web feature importing another feature', async () => {
    const errors = await boundaryErrors(
      'src/web/features/bookings/components/boundary-case.tsx',
      "import { SpaceCard as imported } from '../../spaces/components/space-card.tsx';",
    );
    expect(errors).toHaveLength(1);
  });

  it('refuse the notice table importing a feature', async () => {
    const errors = await boundaryErrors(
      'src/server/notices/boundary-case.ts',
      "import { tellOfBooking as imported } from '#server/features/bookings/booking-notices.ts';",
    );
    expect(errors).toHaveLength(1);
    expect(errors[0]!.message).toMatch(/never imports a feature/);
  });

  it('refuse src/ importing tests/', async () => {
    for (const filePath of ['src/server/db/boundary-case.ts', 'src/web/lib/boundary-case.ts']) {
      const errors = await boundaryErrors(
        filePath,
        "import { createUser as imported } from '#tests/fixtures/factories.ts';",
      );
      expect(errors, filePath).toHaveLength(1);
    }
  });

  it('refuse a web feature importing a page or the app shell', async () => {
    const errors = await boundaryErrors(
      'src/web/features/spaces/components/boundary-case.tsx',
      "import { routes as imported } from '../../../app/routes.tsx';",
    );
    expect(errors).toHaveLength(1);
  });

  it('let a feature import itself and the shared layers', async () => {
    const errors = await boundaryErrors(
      'src/server/features/bookings/boundary-case.ts',
      [
        "import { toMyBooking } from './booking-views.ts';",
        "import { requireUser } from '../../http/guards.ts';",
        "import { isAdmin } from '../../users/roles.ts';",
        "import { ADMIN_ROLES as imported } from '#shared/domain/roles.ts';",
        'export const alsoUsed = [toMyBooking, requireUser, isAdmin];',
      ].join('\n'),
    );
    expect(errors).toEqual([]);
  });
});
