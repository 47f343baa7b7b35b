import { writeFileSync } from 'node:fs';
import type { Reporter, TestModule } from 'vitest/node';

/**
 * A Vitest reporter that writes each test file's own seconds to the file named by
 * VITEST_FILE_TIMES (scripts/test-all.ts reads it). Vitest's JSON report spans a file from its
 * first test's start to its last test's end, which leaves out its imports and its beforeAll (an
 * app built, a database seeded): this counts them — import, setup file, tests and hooks.
 */
export default class VitestFileTimes implements Reporter {
  private readonly files: { file: string; seconds: number; tests: number }[] = [];

  onTestModuleEnd(testModule: TestModule) {
    const d = testModule.diagnostic();
    this.files.push({
      file: testModule.moduleId,
      seconds: (d.collectDuration + d.setupDuration + d.duration) / 1000,
      tests: [...testModule.children.allTests()].length,
    });
  }

  onTestRunEnd() {
    const out = process.env.VITEST_FILE_TIMES;
    if (out) writeFileSync(out, JSON.stringify(this.files, null, 2));
  }
}
