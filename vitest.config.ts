import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // PDF work is CPU-bound; two workers match the 2-core CI machines.
    pool: 'forks',
    maxWorkers: 2,
  },
});
