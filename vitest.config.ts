import { configDefaults, defineConfig } from 'vitest/config';
import { HEAVY, UNIT } from './test/projects.js';

const inTest = (files: string[]) => files.map((f) => `test/${f}`);

export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // PDF work is CPU-bound; two workers match the 2-core CI machines (heavy: one, from package.json).
    pool: 'forks',
    maxWorkers: 2,
    // Three projects (test/projects.ts): `npm test` runs unit and integration together, then heavy alone.
    projects: [
      { extends: true, test: { name: 'unit', include: inTest(UNIT) } },
      { extends: true, test: { name: 'heavy', include: inTest(HEAVY) } },
      {
        extends: true,
        test: { name: 'integration', include: ['test/**/*.test.ts'], exclude: [...configDefaults.exclude, ...inTest(UNIT), ...inTest(HEAVY)] },
      },
    ],
  },
});
