/**
 * What the browser benches share: a Chromium trace of what a page does, the median of runs, and
 * the many-blocks page (the demo's product page with its product block repeated).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';

export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor((s.length - 1) / 2)] ?? 0;
};

export interface TraceEvent {
  readonly name: string;
  readonly ph: string;
  readonly pid: number;
  readonly tid: number;
  readonly ts: number;
  readonly dur?: number;
  readonly tdur?: number;
  readonly args?: { name?: string; data?: { message?: string } };
}

/** Traces what `run` makes the page do: every event of the timeline categories. */
export async function traced(page: Page, run: () => Promise<void>): Promise<TraceEvent[]> {
  const cdp = await page.context().newCDPSession(page);
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', (e) => events.push(...(e.value as unknown as TraceEvent[])));
  await cdp.send('Tracing.start', {
    transferMode: 'ReportEvents',
    traceConfig: {
      includedCategories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'toplevel'],
    },
  });
  await run();
  const complete = new Promise<void>((done) => cdp.once('Tracing.tracingComplete', () => done()));
  await cdp.send('Tracing.end');
  await complete;
  await cdp.detach();
  return events;
}

/**
 * Writes `<name>.html` into the reference server's pages folder: the server's own page for
 * `product` with its product block (the page's `<article>`) repeated `count` times. Returns its
 * path on the server.
 */
export async function writeBlocksPage(
  base: string,
  pagesDir: string,
  product: string,
  count: number,
  name = 'bench-blocks',
): Promise<string> {
  const html = await (await fetch(`${base}/products/${product}`)).text();
  const block = /<article[\s\S]*?<\/article>/.exec(html)?.[0];
  if (!block) throw new Error(`no product block in /products/${product}`);
  writeFileSync(
    join(pagesDir, `${name}.html`),
    html.replace(block, Array.from({ length: count }, () => block).join('\n')),
  );
  return `/${name}.html`;
}
