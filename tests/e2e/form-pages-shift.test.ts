/**
 * The site-form pages at Lighthouse's phone size (412 x 823): the form draws its fields once it
 * has fetched them, and nothing that was in view may move meanwhile (layout-shift entries
 * without recent input, read in the page).
 */
import { expect, it } from 'vitest';
import { WAIT } from './harness.js';
import { demoForThisFile } from './demo-suite.js';

const RECORD_SHIFTS = `(() => {
  window.__shifts = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (!e.hadRecentInput) window.__shifts.push(e.value);
  }).observe({ type: 'layout-shift', buffered: true });
})();`;

const demo = demoForThisFile();

it.each(['/contact', '/newsletter'])('%s moves nothing in view while its form arrives', async (path) => {
  const context = await demo.browser.newContext({
    baseURL: demo.baseUrl,
    viewport: { width: 412, height: 823 },
  });
  try {
    await context.addInitScript(RECORD_SHIFTS);
    const { page } = await demo.open(path, { context });
    await page.getByRole('textbox', { name: /^Email address/ }).waitFor(WAIT);
    // A shift is reported with the frame that shows it: two frames after the fields are drawn.
    await page.evaluate(
      () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
    );
    expect(await page.evaluate(() => (window as unknown as { __shifts: number[] }).__shifts)).toEqual([]);
  } finally {
    await context.close();
  }
});
