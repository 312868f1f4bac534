/**
 * The product page in a real browser: the built SDK (dist/) in the system Chromium against the
 * reference server, as a visitor gets it. Not a test: it prints figures and exits 1 only when a
 * budget of docs/performance.md is missed (a task over 50 ms while 100 blocks mount, CLS above 0.01).
 *
 *   npm run build && npm run bench:browser
 *   BENCH_RUNS=5 npm run bench:browser      more runs (default 3; the median is printed, and the worst)
 *   BENCH_VERBOSE=1 npm run bench:browser   also lists each layout shift and the nodes it moved
 *   BENCH_DIST=/tmp/out npm run bench:browser   measures another build than dist/
 *   BENCH_SCALE=0 npm run bench:browser     skips the 1,000-block page (a minute or more on a slow build)
 *   BENCH_SLOW=0 npm run bench:browser      skips the rows at 4x CPU throttling
 *   BENCH_CLS=0 npm run bench:browser       skips the CLS pages
 *   BENCH_SCROLL=1 npm run bench:browser    scrolls each page of blocks through, every block mounted
 *                                           (1,000 blocks at 4x: over 15 minutes on a busy machine)
 *
 * Figures:
 * - mount time: from DOMContentLoaded (when the deferred loader starts) until the 100 product
 *   forms of one page and every other block (instalment pills, cart pill) carry `data-sf-mounted`.
 * - longest task: the longest task of the page's main thread by thread time (CPU the thread
 *   ran, from a Chromium trace: `RunTask` events of `devtools.timeline`, their `tdur`), starting
 *   from DOMContentLoaded until 500 ms after the blocks have mounted. Wall-clock time (the
 *   PerformanceObserver 'longtask' figure, printed beside it) also counts the time a task waited
 *   for a core, which on a shared machine says more about the machine than about the page.
 *   Parsing and laying out the page's HTML comes before and is not the SDK's: the parser's last
 *   task, which runs the deferred loader's start and fires DOMContentLoaded, is printed on its own
 *   ("page's parse task"); with the loader blocked it holds the same style and layout.
 * - Blocks mount as they come near the viewport (src/page/blocks.ts): a page is measured as a
 *   visitor opens it, until Storefront.mount() has settled (the blocks near the screen mounted, the
 *   others waiting), or with BENCH_SCROLL=1 scrolled through until every block has mounted.
 * - CPU per block at scale: the same product block repeated 100 and 1,000 times, at 1x and at 4x
 *   CPU throttling (DevTools' Emulation.setCPUThrottlingRate); the main thread's CPU (thread time
 *   of every task in the trace) from navigation until the mount mark, divided by the number of
 *   product blocks, and by the product forms mounted. Judged: the figure at 1,000 at most 1.5
 *   times the figure at 100 at the same CPU (SCALE_BUDGET); tasks over 50 ms of thread time are
 *   counted for each page.
 * - The machine's load before and after is printed (bench/machine.ts); on a busy machine a missed
 *   budget is reported as not judged and the bench exits 0.
 * - CLS: the sum of layout shifts without recent input on each server-rendered page of CLS_PAGES
 *   at 390x844, until 1 s after its widgets have mounted: product pages with options, with one
 *   variant, sold out with the restock form, with instalments out of range, with reviews and
 *   express checkout, and the shop.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { createServer } from '../demo/server/app';
import { CHROMIUM_PATH, DIST_DIR } from '../tests/e2e/harness';
import { median, traced, writeBlocksPage, type TraceEvent } from './chromium';
import { describeMachine, judge } from './machine';

const RUNS = Math.max(1, Number(process.env['BENCH_RUNS'] ?? 3));
const VERBOSE = process.env['BENCH_VERBOSE'] === '1';
const BLOCKS = 100;
const PRODUCT = 'prod-tee';
/** The pages whose CLS is measured, each against CLS_BUDGET. */
const CLS_PAGES = [
  `/products/${PRODUCT}`,
  '/products/prod-engraved-mug',
  '/products/prod-poster',
  '/products/prod-coffee-club',
  '/products/prod-workshop',
  '/',
];
/** No task over this while the blocks mount (docs/performance.md). */
const LONG_TASK_BUDGET_MS = 50;
/** Cumulative layout shift of a product page at 390x844 (docs/performance.md). */
const CLS_BUDGET = 0.01;
/** The large page of the scale figure, in product blocks. */
const MANY_BLOCKS = 1000;
/** CPU per block on the large page at most this many times the figure at BLOCKS. */
const SCALE_BUDGET = 1.5;
const SCALE = process.env['BENCH_SCALE'] !== '0';
/**
 * Scroll each page of blocks through, every block mounted, rather than measure it as opened (the
 * blocks near the screen mounted, the others waiting). @default false
 */
const SCROLL = process.env['BENCH_SCROLL'] === '1';
/** The slow phone's CPU: DevTools' throttling rate of the slow rows. */
const SLOW_CPU = 4;
const SLOW = process.env['BENCH_SLOW'] !== '0';
const CLS = process.env['BENCH_CLS'] !== '0';
/** The build measured. @default dist/ */
const DIST = resolve(process.env['BENCH_DIST'] ?? DIST_DIR);

interface Shift {
  value: number;
  startTime: number;
  sources: string[];
}

/**
 * Installed before any page script: records long tasks, layout shifts and when `blocks` product
 * blocks have mounted. Plain JavaScript text: tsx would wrap a function's inner functions in a
 * naming helper the page does not have.
 */
const observe = (blocks: number, scroll: boolean) => `(() => {
  const bench = { longTasks: [], shifts: [], dcl: -1, mounted: -1 };
  window.__bench = bench;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) bench.longTasks.push({ duration: e.duration, startTime: e.startTime });
  }).observe({ type: 'longtask', buffered: true });
  const describe = (n) => {
    if (!n) return '(gone)';
    if (n.nodeType !== 1) return '#' + n.nodeName;
    const attrs = ['data-sf-widget', 'class', 'id']
      .map((a) => (n.getAttribute(a) ? '[' + a + '="' + n.getAttribute(a) + '"]' : ''))
      .join('');
    return n.nodeName.toLowerCase() + attrs;
  };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      if (e.hadRecentInput) continue;
      const box = (r) => Math.round(r.y) + '+' + Math.round(r.height);
      bench.shifts.push({
        value: e.value,
        startTime: e.startTime,
        sources: (e.sources || []).map(
          (s) => describe(s.node) + ' y ' + box(s.previousRect) + ' -> ' + box(s.currentRect),
        ),
      });
    }
  }).observe({ type: 'layout-shift', buffered: true });
  document.addEventListener('DOMContentLoaded', () => {
    bench.dcl = performance.now();
    // A product's block: its form, or a shop card's Quick View button.
    const PRODUCT_BLOCKS = ['product-form', 'quick-view'];
    const done = () => {
      bench.mounted = performance.now();
      bench.forms = document.querySelectorAll('[data-sf-widget="product-form"][data-sf-mounted]').length;
      // The same moment in the trace, where the long tasks are read.
      console.timeStamp('bench-mounted');
    };
    if (!${scroll}) {
      // Blocks mount as they come near the viewport: the page as loaded is settled once
      // Storefront.mount() is, the blocks near the screen mounted and the others waiting.
      window.Storefront.mount().then(done);
      return;
    }
    // A visitor who scrolls through the whole page as fast as the blocks mount: the first product
    // form not mounted yet is scrolled to the top of the screen each time one mounts.
    const all = [...document.querySelectorAll('[data-sf-widget="product-form"]')];
    let next = 0;
    const advance = () => {
      while (next < all.length && all[next].hasAttribute('data-sf-mounted')) next += 1;
      if (next < all.length) all[next].scrollIntoView({ block: 'start' });
    };
    // Product forms counted from the records, not by querying the page on every mount: on a page of
    // 1,000 blocks that query would be a cost of the bench's own that grows with the square.
    let forms = 0;
    const check = () => {
      if (forms < ${blocks} || bench.mounted >= 0) return;
      // A block the visitor passed before its chunk was in (the header's cart pill) is scrolled back to.
      const passed = document.querySelector('[data-sf-widget]:not([data-sf-mounted])');
      if (passed) return passed.scrollIntoView({ block: 'start' });
      done();
    };
    new MutationObserver((records) => {
      for (const r of records) {
        const el = r.target;
        if (r.oldValue === null && el.hasAttribute('data-sf-mounted') && PRODUCT_BLOCKS.includes(el.getAttribute('data-sf-widget'))) forms += 1;
      }
      advance();
      check();
    }).observe(document.documentElement, {
      subtree: true,
      attributes: true,
      attributeOldValue: true,
      attributeFilter: ['data-sf-mounted'],
    });
    forms = document.querySelectorAll(PRODUCT_BLOCKS.map((w) => '[data-sf-widget="' + w + '"][data-sf-mounted]').join(',')).length;
    check();
  });
})();`;

type Recorded = {
  longTasks: { duration: number; startTime: number }[];
  shifts: Shift[];
  dcl: number;
  mounted: number;
  /** Product forms mounted at the mount mark. */
  forms: number;
};
const recorded = (page: Page) => page.evaluate(() => (window as unknown as { __bench: Recorded }).__bench);

async function waitMounted(page: Page, timeout = 30_000): Promise<void> {
  try {
    await page.waitForFunction(() => (window as unknown as { __bench: Recorded }).__bench.mounted > 0, null, {
      timeout,
    });
  } catch (error) {
    const seen = await page.evaluate(() => ({
      blocks: document.querySelectorAll('[data-sf-widget]').length,
      mounted: document.querySelectorAll('[data-sf-mounted]').length,
      waiting: [...document.querySelectorAll('[data-sf-widget]:not([data-sf-mounted])')]
        .slice(0, 3)
        .map((el) => `${el.getAttribute('data-sf-widget')} at ${Math.round(el.getBoundingClientRect().top)}`),
    }));
    throw new Error(`${page.url()}: blocks did not mount (${JSON.stringify(seen)})`, { cause: error });
  }
}

/**
 * The page's tasks by thread time (ms) from DOMContentLoaded until 500 ms after the mount mark,
 * and the parse task that fires DOMContentLoaded. The page's main thread is the renderer main
 * thread that holds the mount mark.
 */
function traceTasks(events: readonly TraceEvent[]): {
  longestMs: number;
  parseMs: number;
  tasks: number[];
  cpuToMountedMs: number;
} {
  const mark = events.find((e) => e.name === 'TimeStamp' && e.args?.data?.message === 'bench-mounted');
  if (mark === undefined) throw new Error('the trace has no bench-mounted mark');
  const onMain = (e: TraceEvent) => e.pid === mark.pid && e.tid === mark.tid;
  const dcl = events.find((e) => e.name === 'MarkDOMContent' && onMain(e));
  if (dcl === undefined) throw new Error('the trace has no DOMContentLoaded on the main thread');
  const end = mark.ts + 500_000;
  const runTasks = events.filter((e) => e.name === 'RunTask' && e.ph === 'X' && onMain(e));
  const cpuMs = (e: TraceEvent) => (e.tdur ?? e.dur ?? 0) / 1000;
  const parse = runTasks.find((t) => t.ts <= dcl.ts && t.ts + (t.dur ?? 0) >= dcl.ts);
  const tasks = runTasks.filter((t) => t !== parse && t.ts >= dcl.ts && t.ts <= end).map(cpuMs);
  // Everything the page's main thread ran, parsing included, until the blocks had mounted.
  const cpuToMountedMs = runTasks.filter((t) => t.ts <= mark.ts).reduce((n, t) => n + cpuMs(t), 0);
  return { longestMs: Math.max(0, ...tasks), parseMs: parse ? cpuMs(parse) : 0, tasks, cpuToMountedMs };
}

/**
 * A page of `blocks` product blocks scrolled through (every block mounted), with the CPU slowed
 * `throttle` times (DevTools' CPU throttling: the renderer's main thread is paused between its
 * slices, so its thread time is what the page computed, and frames come as often per wall second).
 */
async function manyBlocks(browser: Browser, url: string, blocks = BLOCKS, throttle = 1) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.addInitScript(observe(blocks, SCROLL));
  if (throttle !== 1) {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
  }
  const events = await traced(page, async () => {
    await page.goto(url);
    await waitMounted(page, (blocks === BLOCKS ? 30_000 : 300_000) * throttle);
    await page.waitForTimeout(500);
  });
  const r = await recorded(page);
  await context.close();
  const cpu = traceTasks(events);
  if (VERBOSE) {
    const over = cpu.tasks.filter((ms) => ms >= 10).map((ms) => ms.toFixed(0));
    process.stdout.write(`  tasks of 10 ms of thread time or more: ${over.join(', ') || 'none'}\n`);
  }
  if (VERBOSE) {
    const tasks = r.longTasks.map(
      (t) => `${t.duration.toFixed(0)} ms at ${(t.startTime - r.dcl).toFixed(0)}`,
    );
    process.stdout.write(
      `  long tasks (start relative to DOMContentLoaded): ${tasks.join(', ') || 'none'}\n`,
    );
  }
  // Tasks that start before DOMContentLoaded are the browser parsing and laying out the page; the
  // last of them ends the parse and runs the deferred loader's start (a scan, no mount), and holds
  // the same layout with the loader blocked. It is printed on its own, not counted.
  const mounting = r.longTasks.filter((t) => t.startTime >= r.dcl);
  const parse = r.longTasks.find((t) => t.startTime < r.dcl && t.startTime + t.duration > r.dcl);
  return {
    mountMs: r.mounted - r.dcl,
    cpuPerBlockMs: cpu.cpuToMountedMs / blocks,
    forms: r.forms,
    cpuPerFormMs: cpu.cpuToMountedMs / Math.max(1, r.forms),
    longestTaskMs: cpu.longestMs,
    tasksOverBudget: cpu.tasks.filter((ms) => ms > LONG_TASK_BUDGET_MS).length,
    longestWallMs: Math.max(0, ...mounting.map((t) => t.duration)),
    parseTaskMs: cpu.parseMs,
    parseWallMs: parse?.duration ?? 0,
  };
}

type BlocksRun = Awaited<ReturnType<typeof manyBlocks>>;

/** The rows of one scale figure: CPU per block against the runs it is compared with, tasks over 50 ms. */
function scaleLines(runs: readonly BlocksRun[], against: readonly BlocksRun[], blocks: number, cpu: number) {
  const ms = (t: number) => `${t.toFixed(1)} ms`;
  const perBlock = median(runs.map((m) => m.cpuPerBlockMs));
  const base = median(against.map((m) => m.cpuPerBlockMs));
  const name = `${blocks.toLocaleString('en-US')} blocks, ${cpu}x CPU`;
  return [
    `CPU per block, ${name.padEnd(22)}${ms(perBlock)} (${ms(Math.max(...runs.map((m) => m.cpuPerBlockMs)))})` +
      (against === runs
        ? ''
        : `, ${(perBlock / base).toFixed(2)}x the figure at ${BLOCKS}   budget ${SCALE_BUDGET}x`),
    `  ${String(median(runs.map((m) => m.forms))).padStart(4)} forms mounted after ${median(runs.map((m) => m.mountMs)).toFixed(0)} ms, ${ms(median(runs.map((m) => m.cpuPerFormMs)))} a form; tasks over ${LONG_TASK_BUDGET_MS} ms of thread time ${median(runs.map((m) => m.tasksOverBudget))} (${Math.max(...runs.map((m) => m.tasksOverBudget))}), longest ${ms(median(runs.map((m) => m.longestTaskMs)))}`,
  ];
}

async function pageCls(browser: Browser, url: string) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  // The page as a visitor opens it: the blocks near the screen mounted, the others waiting.
  await page.addInitScript(observe(1, false));
  await page.goto(url);
  await waitMounted(page);
  await page.waitForTimeout(1000);
  const r = await recorded(page);
  await context.close();
  return { cls: r.shifts.reduce((n, s) => n + s.value, 0), shifts: r.shifts };
}

async function main(): Promise<void> {
  if (!existsSync(CHROMIUM_PATH)) throw new Error(`Chromium not found at ${CHROMIUM_PATH}`);
  if (!existsSync(resolve(DIST, 'loader.js')))
    throw new Error(`${DIST}/loader.js not found: run \`npm run build\` first`);

  const pages = mkdtempSync(join(tmpdir(), 'sf-bench-pages-'));
  const server = await createServer({ dbPath: ':memory:', pagesDir: pages, distDir: DIST });
  await server.listen({ port: 0, host: '127.0.0.1' });
  const address = server.server.address();
  if (!address || typeof address === 'string') throw new Error('server did not report a port');
  const base = `http://127.0.0.1:${address.port}`;
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
  });
  try {
    // The 100-block page (and the 1,000-block one): the server's own product page with its
    // product block repeated.
    const blocksPage = await writeBlocksPage(base, pages, PRODUCT, BLOCKS);
    const manyBlocksPage = await writeBlocksPage(base, pages, PRODUCT, MANY_BLOCKS, 'bench-blocks-many');

    const before = describeMachine();
    const mounts: Awaited<ReturnType<typeof manyBlocks>>[] = [];
    const large: Awaited<ReturnType<typeof manyBlocks>>[] = [];
    const slow: Awaited<ReturnType<typeof manyBlocks>>[] = [];
    const slowLarge: Awaited<ReturnType<typeof manyBlocks>>[] = [];
    const cls = new Map<string, { cls: number; shifts: Shift[] }[]>(
      (CLS ? CLS_PAGES : []).map((p) => [p, []]),
    );
    for (let i = 0; i < RUNS; i++) {
      mounts.push(await manyBlocks(browser, `${base}${blocksPage}`));
      if (SCALE) large.push(await manyBlocks(browser, `${base}${manyBlocksPage}`, MANY_BLOCKS));
      if (SLOW) {
        slow.push(await manyBlocks(browser, `${base}${blocksPage}`, BLOCKS, SLOW_CPU));
        if (SCALE)
          slowLarge.push(await manyBlocks(browser, `${base}${manyBlocksPage}`, MANY_BLOCKS, SLOW_CPU));
      }
      for (const path of cls.keys()) cls.get(path)?.push(await pageCls(browser, `${base}${path}`));
    }

    const longest = mounts.map((m) => m.longestTaskMs);
    const worstCls = Math.max(0, ...[...cls.values()].flat().map((c) => c.cls));
    const wall = mounts.map((m) => m.longestWallMs);
    const fmt = (t: number) => (t > 0 ? `${t.toFixed(0)} ms` : `none over ${LONG_TASK_BUDGET_MS} ms`);
    const ms = (t: number) => `${t.toFixed(1)} ms`;
    const lines = [
      `Chromium ${browser.version()}, ${RUNS} run(s); median (worst)`,
      `mount ${BLOCKS} product blocks     ${median(mounts.map((m) => m.mountMs)).toFixed(0)} ms (${Math.max(...mounts.map((m) => m.mountMs)).toFixed(0)} ms)`,
      `longest task while mounting   ${ms(median(longest))} (${ms(Math.max(...longest))}) of thread time   budget ${LONG_TASK_BUDGET_MS} ms`,
      `  the same by wall clock       ${fmt(median(wall))} (${fmt(Math.max(...wall))}) (not judged: counts waiting for a core)`,
      `page's parse task at DCL      ${ms(median(mounts.map((m) => m.parseTaskMs)))} of thread time, ${fmt(median(mounts.map((m) => m.parseWallMs)))} wall (not counted: the page's own layout)`,
      `CPU per block, ${BLOCKS} blocks     ${ms(median(mounts.map((m) => m.cpuPerBlockMs)))} (${ms(Math.max(...mounts.map((m) => m.cpuPerBlockMs)))}) of thread time, navigation to mounted`,
      ...(SCALE ? scaleLines(large, mounts, MANY_BLOCKS, 1) : []),
      ...(SLOW ? scaleLines(slow, slow, BLOCKS, SLOW_CPU) : []),
      ...(SLOW && SCALE ? scaleLines(slowLarge, slow, MANY_BLOCKS, SLOW_CPU) : []),
      ...(CLS ? [`CLS at 390x844, budget ${CLS_BUDGET} each:`] : []),
    ];
    for (const [path, runs] of cls) {
      const values = runs.map((c) => c.cls);
      lines.push(`  ${path.padEnd(29)}${median(values).toFixed(4)} (${Math.max(...values).toFixed(4)})`);
      if (VERBOSE) {
        for (const s of runs.flatMap((c) => c.shifts)) {
          lines.push(
            `    shift ${s.value.toFixed(4)} at ${s.startTime.toFixed(0)} ms: ${s.sources.join(', ')}`,
          );
        }
      }
    }
    lines.push(`machine: ${before} before, ${describeMachine()} after`);
    process.stdout.write(`${lines.join('\n')}\n`);
    const perBlock = (runs: readonly { cpuPerBlockMs: number }[]) => median(runs.map((m) => m.cpuPerBlockMs));
    // Tasks over 50 ms are judged on the 100-block page; on the 1,000-block one and under 4x they
    // are printed: there the page's own parse and first layout pass 50 ms without any block.
    const failures = [
      Math.max(...longest) > LONG_TASK_BUDGET_MS,
      worstCls > CLS_BUDGET,
      SCALE && perBlock(large) > SCALE_BUDGET * perBlock(mounts),
      SLOW && SCALE && perBlock(slowLarge) > SCALE_BUDGET * perBlock(slow),
    ].filter(Boolean).length;
    if (failures > 0) process.stdout.write('over budget: see above\n');
    judge(failures, 'bench:browser');
  } finally {
    await browser.close().catch(() => undefined);
    await server.close();
    rmSync(pages, { recursive: true, force: true });
  }
}

await main();
