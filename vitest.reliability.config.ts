import { defineConfig } from 'vitest/config';

// The reliability suite (`npm run test:reliability`): the reference server as a real process on
// 127.0.0.1, killed with SIGKILL mid-write, flooded and attacked. One file at a time: the files
// start servers and generate load, which would skew each other on a small machine.
export default defineConfig({
  test: {
    include: ['tests/reliability/**/*.reliability.ts'],
    environment: 'node',
    globals: false,
    pool: 'forks',
    fileParallelism: false,
    maxWorkers: 1,
    testTimeout: 60_000,
    hookTimeout: 30_000,
  },
});
