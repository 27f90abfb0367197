import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

/**
 * A vitest reporter that writes how long each test file took, all in (preparing its worker, importing it, its
 * hooks and tests), to reports/timings/*.json: the JSON reporter's times cover the tests alone, not the
 * beforeAll that starts a server. scripts/slowest-tests.mjs lists the slowest files from these.
 */
export default class FileTimesReporter implements Reporter {
  private readonly outputFile: string;

  constructor(options: { outputFile: string }) {
    this.outputFile = options.outputFile;
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const files = testModules.map((module) => {
      const d = module.diagnostic();
      return {
        project: module.project.name,
        file: path.relative(process.cwd(), module.moduleId),
        ms: Math.round(d.prepareDuration + d.environmentSetupDuration + d.collectDuration + d.setupDuration + d.duration),
        state: module.state(),
      };
    });
    mkdirSync(path.dirname(this.outputFile), { recursive: true });
    writeFileSync(this.outputFile, JSON.stringify({ kind: 'vitest-file-times', zone: process.env.TZ || 'local', files }, null, 1));
  }
}
