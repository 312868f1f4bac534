// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { PAGE_PATHS } from '../../demo/server/pages.js';
import { MEASURED_PAGES } from '../../scripts/page-requests.js';
import { PAGE_BUDGETS } from '../../scripts/size-budgets.mjs';

describe('the pages `npm run size` measures in Chromium', () => {
  it('are every page of the demo, a product page and a sold-out one among them', () => {
    const measured = MEASURED_PAGES.map((p) => p.path);
    expect(PAGE_PATHS.length).toBeGreaterThan(10);
    expect(PAGE_PATHS.filter((path) => !measured.includes(path))).toEqual([]);
    expect(measured).toEqual(expect.arrayContaining(['/products/prod-tee', '/products/prod-poster']));
  });

  it('each have a budget of bytes and files, and no budget is left without its page', () => {
    const names = MEASURED_PAGES.map((p) => p.name);
    expect(Object.keys(PAGE_BUDGETS).sort()).toEqual([...names].sort());
    for (const budget of Object.values(PAGE_BUDGETS)) {
      expect(budget.bytes).toBeGreaterThan(0);
      expect(budget.files).toBeGreaterThan(0);
    }
  });

  it("measures the owner's pages signed in, and the cart's pages with a cart", () => {
    const by = (path: string) => MEASURED_PAGES.find((p) => p.path === path);
    for (const path of ['/admin/restock', '/editor', '/editor/header-footer'])
      expect(by(path)?.signedIn).toBe(true);
    for (const path of ['/cart', '/checkout']) expect(by(path)?.withCart).toBe(true);
  });
});
