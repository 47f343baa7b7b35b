import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * `import-x/no-cycle` with the project's own configuration, on two files that import each other:
 * one way by a relative path, the other by the folder's alias. A cycle is only found when the
 * rule parses TypeScript and resolves both kinds of import, which it silently did not before
 * issue 31. The files are written for the test (the rule reads the imported file from disk) in a
 * folder of their own under src/, and removed after.
 */
const eslint = new ESLint({ cwd: process.cwd() });
const planted: string[] = [];

/** Writes the files into a new folder under `folder` (src/…); `files` gets the folder's alias. */
function plant(folder: string, files: (alias: string) => Record<string, string>) {
  const name = `cycle-case-${randomBytes(4).toString('hex')}`;
  const dir = path.join(folder, name);
  mkdirSync(dir, { recursive: true });
  planted.push(dir);
  const alias = `${folder.replace(/^src\//, '#')}/${name}`;
  for (const [file, code] of Object.entries(files(alias)))
    writeFileSync(path.join(dir, file), code);
  return (file: string) => path.join(dir, file);
}

async function cycleErrors(files: string[]) {
  const results = await eslint.lintFiles(files);
  return results.map((result) => ({
    file: path.basename(result.filePath),
    rules: result.messages.map((m) => m.ruleId),
  }));
}

afterAll(() => {
  for (const dir of planted) rmSync(dir, { recursive: true, force: true });
});

describe('import cycles', { timeout: 30_000 }, () => {
  it('fail lint when two server files import each other, one by alias', async () => {
    const file = plant('src/server/jobs', (alias) => ({
      'first.ts': "import { second } from './second.ts';\nexport const first = () => second;\n",
      'second.ts': `import { first } from '${alias}/first.ts';\nexport const second = () => first;\n`,
    }));
    expect(await cycleErrors([file('first.ts'), file('second.ts')])).toEqual([
      { file: 'first.ts', rules: ['import-x/no-cycle'] },
      { file: 'second.ts', rules: ['import-x/no-cycle'] },
    ]);
  });

  it('fail lint when a web component (.tsx) and a module import each other, one by alias', async () => {
    const file = plant('src/web/lib', (alias) => ({
      'badge.tsx':
        "import { label } from './label.ts';\nexport const Badge = () => <span>{label()}</span>;\n",
      'label.ts': `import { Badge } from '${alias}/badge.tsx';\nexport const label = () => Badge.name;\n`,
    }));
    expect(await cycleErrors([file('badge.tsx'), file('label.ts')])).toEqual([
      { file: 'badge.tsx', rules: ['import-x/no-cycle'] },
      { file: 'label.ts', rules: ['import-x/no-cycle'] },
    ]);
  });

  it('pass the same two files once one of them no longer imports the other', async () => {
    const file = plant('src/server/jobs', () => ({
      'first.ts': "import { second } from './second.ts';\nexport const first = () => second;\n",
      'second.ts': 'export const second = () => 2;\n',
    }));
    expect(await cycleErrors([file('first.ts'), file('second.ts')])).toEqual([
      { file: 'first.ts', rules: [] },
      { file: 'second.ts', rules: [] },
    ]);
  });
});
