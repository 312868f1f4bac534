import { defineConfig } from 'vitest/config';

// Browser tests: real Chromium (playwright-core) against the built dist/ and the reference
// server. One fork, files in sequence: a browser per file is heavy on a shared 2-core machine.
export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.test.ts', 'tests/package/**/*.test.ts'],
    environment: 'node',
    globals: false,
    pool: 'forks',
    fileParallelism: false,
    maxWorkers: 1,
    testTimeout: 120_000,
    hookTimeout: 120_000,
    teardownTimeout: 30_000,
  },
});
