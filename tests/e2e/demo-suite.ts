/**
 * The demo store for one test file: started before its first test, reset after each (the
 * contexts `open()` made closed, the faults cleared), closed after its last.
 */
import { afterAll, afterEach, beforeAll } from 'vitest';
import { startDemo, type Demo } from './harness.js';

/**
 * Registers the file's hooks and returns the demo, whose members are in place once the first
 * test runs: `const demo = demoForThisFile();`, then `demo.open(…)` in the tests.
 */
export function demoForThisFile(options: Parameters<typeof startDemo>[0] = {}): Demo {
  const demo = {} as Demo;
  let started: Demo | undefined;
  beforeAll(async () => {
    started = await startDemo(options);
    Object.assign(demo, started);
  });
  afterEach(async () => {
    await started?.reset();
  });
  afterAll(async () => {
    await started?.close();
  });
  return demo;
}
