import { defineConfig } from 'vitest/config';

// Unit tests: happy-dom for anything that touches the DOM, node for the server and the engine.
// Browser tests (real Chromium against dist/) have their own config: vitest.e2e.config.ts.
export default defineConfig({
  test: {
    include: ['tests/**/*.test.{ts,tsx}'],
    // tests/package packs the built tree, so it runs with the browser tests after the build.
    exclude: ['tests/e2e/**', 'tests/package/**', 'node_modules/**'],
    environment: 'happy-dom',
    globals: false,
    restoreMocks: true,
    testTimeout: 20_000,
    // Testing Library's waits bounded for a busy machine (tests/setup/dom-waits.ts).
    setupFiles: ['tests/setup/dom-waits.ts'],
  },
});
