#!/usr/bin/env node
// `npm run test:e2e:stress`: the browser suite three times in a row while a CPU hog keeps every
// core busy, the way a shared CI runner or a laptop in a video call does. A test that leans on
// timing (a fixed sleep, an event that may fire before its listener, a read of something that
// arrives later) passes on an idle machine and fails here; the gate must pass here 3 of 3.
//
//   npm run test:e2e:stress                                  the whole browser suite, 3 runs
//   npm run test:e2e:stress -- tests/e2e/platform.test.ts    only these files
//
// E2E_STRESS_RUNS   runs (default 3)
// E2E_STRESS_HOGS   spinning threads (default 4 per core: load about 8 on 2 cores, 0 = no hog)
//
// The hog is worker threads of this process, so it cannot outlive it: it stops when the runs end,
// when one fails, on Ctrl-C and on SIGTERM. Builds first when dist/ is missing. Exits 0 only when
// every run passed.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker, isMainThread } from 'node:worker_threads';

if (!isMainThread) {
  // A hog thread: spin until terminated. Math keeps the optimiser from dropping the loop.
  let x = 0;
  for (;;) x = (x + Math.sqrt(x + 1)) % 1e9;
}

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const VITEST = resolve(root, 'node_modules/vitest/vitest.mjs');

function count(name, fallback) {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0) {
    process.stderr.write(`e2e-stress: ${name} must be a whole number, got "${raw}"\n`);
    process.exit(2);
  }
  return n;
}

const runs = Math.max(1, count('E2E_STRESS_RUNS', 3));
const hogCount = count('E2E_STRESS_HOGS', 4 * availableParallelism());
const files = process.argv.slice(2);

const say = (line) => process.stdout.write(`\n[e2e-stress] ${line}\n`);
const load = () => loadavg()[0].toFixed(1);
const seconds = (ms) => `${(ms / 1000).toFixed(0)} s`;

let hogs = [];
let child = null;

function startHog() {
  hogs = Array.from({ length: hogCount }, () => new Worker(fileURLToPath(import.meta.url)));
}

async function stopHog() {
  await Promise.allSettled(hogs.splice(0).map((w) => w.terminate()));
}

/**
 * Runs a node script in the project root; resolves to its exit code (1 when killed). The child
 * leads a process group of its own, so a stop reaches vitest's workers and their browsers too.
 */
function run(script, args) {
  return new Promise((done) => {
    child = spawn(process.execPath, [script, ...args], { cwd: root, stdio: 'inherit', detached: true });
    child.on('error', (error) => {
      process.stderr.write(`e2e-stress: ${script}: ${error.message}\n`);
      child = null;
      done(1);
    });
    child.on('exit', (code, signal) => {
      child = null;
      done(code ?? (signal ? 1 : 0));
    });
  });
}

function signalChild(signal) {
  if (!child?.pid) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
}

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    say(`${signal}: stopping the hog and the run`);
    void stopHog();
    signalChild(signal);
    // A run that does not stop in time is ended outright.
    setTimeout(() => signalChild('SIGKILL'), 10_000).unref();
  });
}

async function main() {
  if (!existsSync(resolve(root, 'dist/loader.js'))) {
    say('dist/ is missing: building first');
    const built = await run('scripts/build.mjs', []);
    if (built !== 0) {
      say(`build failed (exit ${built})`);
      return 1;
    }
  }

  say(`${runs} run(s) of the browser suite under ${hogCount} spinning thread(s), load now ${load()}`);
  startHog();
  const results = [];
  try {
    for (let i = 1; i <= runs && !stopping; i += 1) {
      say(`run ${i} of ${runs}: starting, load ${load()}`);
      const started = Date.now();
      const code = await run(VITEST, ['run', '--config', 'vitest.e2e.config.ts', ...files]);
      const passed = code === 0;
      results.push(passed);
      say(
        `run ${i} of ${runs}: ${passed ? 'passed' : `FAILED (exit ${code})`} in ${seconds(Date.now() - started)}, load ${load()}`,
      );
    }
  } finally {
    await stopHog();
  }
  const passedRuns = results.filter(Boolean).length;
  say(`${passedRuns} of ${runs} passed${stopping ? ' (stopped)' : ''}`);
  if (stopping) return 130;
  return passedRuns === runs ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  async (error) => {
    await stopHog();
    process.stderr.write(`e2e-stress: ${error instanceof Error ? error.stack : String(error)}\n`);
    process.exit(1);
  },
);
