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
 * - CPU per block at scale: the same product block repeated 100 and 1,000 times; the main
 *   thread's CPU (thread time of every task in the trace) from navigation until every block has
 *   mounted, divided by the number of product blocks. Judged: the figure at 1,000 at most 1.5 times
 *   the figure at 100 (SCALE_BUDGET); a cost that grows with the page would show here first.
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
const observe = (blocks: number) => `(() => {
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
    // Product forms counted from the records, not by querying the page on every mount: on a page of
    // 1,000 blocks that query would be a cost of the bench's own that grows with the square.
    let forms = 0;
    const check = () => {
      if (forms < ${blocks} || bench.mounted >= 0) return;
      if (document.querySelector('[data-sf-widget]:not([data-sf-mounted])')) return;
      bench.mounted = performance.now();
      // The same moment in the trace, where the long tasks are read.
      console.timeStamp('bench-mounted');
    };
    new MutationObserver((records) => {
      for (const r of records) {
        const el = r.target;
        if (r.oldValue === null && el.hasAttribute('data-sf-mounted') && PRODUCT_BLOCKS.includes(el.getAttribute('data-sf-widget'))) forms += 1;
      }
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

async function manyBlocks(browser: Browser, url: string, blocks = BLOCKS) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.addInitScript(observe(blocks));
  const events = await traced(page, async () => {
    await page.goto(url);
    await waitMounted(page, blocks === BLOCKS ? 30_000 : 180_000);
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
    longestTaskMs: cpu.longestMs,
    longestWallMs: Math.max(0, ...mounting.map((t) => t.duration)),
    parseTaskMs: cpu.parseMs,
    parseWallMs: parse?.duration ?? 0,
  };
}

async function pageCls(browser: Browser, url: string) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  // Every page measured has a product block (the shop: one per card).
  await page.addInitScript(observe(1));
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

    const mounts: Awaited<ReturnType<typeof manyBlocks>>[] = [];
    const large: Awaited<ReturnType<typeof manyBlocks>>[] = [];
    const cls = new Map<string, { cls: number; shifts: Shift[] }[]>(CLS_PAGES.map((p) => [p, []]));
    for (let i = 0; i < RUNS; i++) {
      mounts.push(await manyBlocks(browser, `${base}${blocksPage}`));
      if (SCALE) large.push(await manyBlocks(browser, `${base}${manyBlocksPage}`, MANY_BLOCKS));
      for (const path of CLS_PAGES) cls.get(path)?.push(await pageCls(browser, `${base}${path}`));
    }
    const longest = mounts.map((m) => m.longestTaskMs);
    const worstCls = Math.max(...[...cls.values()].flat().map((c) => c.cls));
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
      ...(SCALE
        ? [
            `CPU per block, ${MANY_BLOCKS} blocks   ${ms(median(large.map((m) => m.cpuPerBlockMs)))} (${ms(Math.max(...large.map((m) => m.cpuPerBlockMs)))}), ${(median(large.map((m) => m.cpuPerBlockMs)) / median(mounts.map((m) => m.cpuPerBlockMs))).toFixed(2)}x the figure at ${BLOCKS}   budget ${SCALE_BUDGET}x`,
            `mount ${MANY_BLOCKS} product blocks    ${median(large.map((m) => m.mountMs)).toFixed(0)} ms (${Math.max(...large.map((m) => m.mountMs)).toFixed(0)} ms)`,
          ]
        : []),
      `CLS at 390x844, budget ${CLS_BUDGET} each:`,
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
    process.stdout.write(`${lines.join('\n')}\n`);
    const scaleOk =
      !SCALE ||
      median(large.map((m) => m.cpuPerBlockMs)) <= SCALE_BUDGET * median(mounts.map((m) => m.cpuPerBlockMs));
    const ok = Math.max(...longest) <= LONG_TASK_BUDGET_MS && worstCls <= CLS_BUDGET && scaleOk;
    if (!ok) process.stdout.write('over budget: see above\n');
    process.exitCode = ok ? 0 : 1;
  } finally {
    await browser.close().catch(() => undefined);
    await server.close();
    rmSync(pages, { recursive: true, force: true });
  }
}

await main();
