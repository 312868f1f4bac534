/**
 * The engine to widget contract: every block the `sf-block` formatter emits for the demo
 * catalogue, rendered with the platform's merchandising shapes, is accepted by its widget as it
 * stands: the props parse with nothing left out, the widget mounts and nothing is reported.
 */
import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WidgetModule } from '../../src/contract.js';
import { DEFAULT_CONTEXT } from '../../src/page/context.js';
import cartPill from '../../widgets/cart-pill/index.js';
import productForm from '../../widgets/product-form/index.js';
import { parseProductFormProps } from '../../widgets/product-form/props.js';
import restockForm from '../../widgets/restock-form/index.js';
import { parseRestockFormProps } from '../../widgets/restock-form/props.js';
import { render } from '../../src/template/index.js';
import { CATALOG, renderListing } from '../src/template/engine-page.js';

const MODULES: Readonly<Record<string, WidgetModule>> = {
  'product-form': productForm,
  'restock-form': restockForm,
  'cart-pill': cartPill,
};

const unmounts: (() => void)[] = [];
afterEach(() => {
  act(() => {
    for (const u of unmounts.splice(0)) u();
  });
  document.body.innerHTML = '';
});

function blocks(): HTMLElement[] {
  document.body.innerHTML = renderListing();
  return Array.from(document.querySelectorAll<HTMLElement>('[data-sf-widget]'));
}

const propsOf = (el: HTMLElement): unknown => JSON.parse(el.getAttribute('data-sf-props') ?? '{}');

describe('blocks rendered by the template engine', () => {
  it('emits a product form and a restock form for every catalogue item, and the cart pill', () => {
    const names = blocks().map((el) => el.getAttribute('data-sf-widget'));
    expect(names.filter((n) => n === 'product-form')).toHaveLength(CATALOG.length);
    expect(names.filter((n) => n === 'restock-form')).toHaveLength(CATALOG.length);
    expect(names.filter((n) => n === 'cart-pill')).toHaveLength(1);
  });

  it.each(CATALOG.map((item) => [item.id] as const))(
    "parses %s's product-form props with nothing left out",
    (id) => {
      const el = blocks().find(
        (b) =>
          b.getAttribute('data-sf-widget') === 'product-form' &&
          (propsOf(b) as { item: { id: string } }).item.id === id,
      );
      const dropped: string[] = [];
      const parsed = parseProductFormProps(propsOf(el!), dropped);
      expect(parsed.ok && parsed.value.item.id).toBe(id);
      expect(dropped).toEqual([]);
      // The platform's view lists arrive as views, not as an error.
      expect(parsed.ok && parsed.value.merchandising.scarcityViews.length).toBeGreaterThan(0);
      expect(parsed.ok && parsed.value.merchandising.customSoldOutText).toBe('Back soon');
    },
  );

  it('parses every restock-form block', () => {
    for (const el of blocks().filter((b) => b.getAttribute('data-sf-widget') === 'restock-form')) {
      expect(parseRestockFormProps(propsOf(el)).ok).toBe(true);
    }
  });

  it('mounts every block with nothing reported', async () => {
    const report = vi.fn();
    const env = { context: DEFAULT_CONTEXT, report };
    const all = blocks();
    await act(async () => {
      for (const el of all) {
        const mod = MODULES[el.getAttribute('data-sf-widget') ?? ''];
        expect(mod).toBeDefined();
        unmounts.push(mod!.mount(el, propsOf(el), env));
      }
    });
    expect(report).not.toHaveBeenCalled();
    // Every product block now holds a live form: a priced add button, or the disabled sold-out one.
    const forms = document.querySelectorAll<HTMLElement>('.sf-product-form');
    expect(forms).toHaveLength(CATALOG.length);
    for (const form of forms) {
      const buttons = within(form).getAllByRole('button');
      expect(buttons.length).toBeGreaterThan(0);
    }
    expect(screen.getAllByText(/\$\d/).length).toBeGreaterThan(0);
  });

  /**
   * The boxes under a node: tag and classes, nested; visually hidden text takes no box, nor does a
   * mounted widget's root (display: contents).
   */
  const boxes = (node: Element): string =>
    Array.from(node.children)
      .filter((c) => !c.classList.contains('sf-visually-hidden'))
      .map((c) =>
        c.classList.contains('sf-root')
          ? boxes(c)
          : `${c.tagName.toLowerCase()}.${[...c.classList].join('.')}(${boxes(c)})`,
      )
      .join(' ');

  it.each(CATALOG.map((item) => [item.id] as const))(
    "server-renders %s's product form with the boxes and texts of the widget's first render",
    async (id) => {
      const el = blocks().find(
        (b) =>
          b.getAttribute('data-sf-widget') === 'product-form' &&
          (propsOf(b) as { item: { id: string } }).item.id === id,
      )!;
      const before = el.querySelector('.sf-product-form')!;
      expect(before).not.toBeNull();
      const fallback = { boxes: boxes(before), text: before.textContent };
      // The fallback's controls do nothing before the widget's replace them.
      for (const control of before.querySelectorAll('button, select, input')) {
        expect(control.hasAttribute('disabled')).toBe(true);
      }
      const env = { context: DEFAULT_CONTEXT, report: vi.fn() };
      await act(async () => {
        unmounts.push(productForm.mount(el, propsOf(el), env));
      });
      // The form's own restock block, mounted as the loader mounts it: the fallback's slot held
      // the sign-up's first render.
      const slot = el.querySelector<HTMLElement>('.sf-product-form [data-sf-widget="restock-form"]');
      expect(slot === null).toBe(before.querySelector('.sf-product-form__restock') === null);
      if (slot) {
        await act(async () => {
          unmounts.push(restockForm.mount(slot, propsOf(slot), env));
        });
        expect(slot.querySelector('form')).not.toBeNull();
      }
      expect(env.report).not.toHaveBeenCalled();
      const after = el.querySelector('.sf-product-form')!;
      expect(after).not.toBe(before);
      for (const hidden of after.querySelectorAll('.sf-visually-hidden')) hidden.remove();
      expect({ boxes: boxes(after), text: after.textContent }).toEqual(fallback);
    },
  );

  it.each([
    [{ native: true, imported: true }, 'Reviews (2)'],
    [{ native: false, imported: true }, 'Reviews (1)'],
    [{ native: false, imported: false }, null],
  ])(
    "server-renders the reviews toggle as the form shows it for the site's review flags %j",
    async (flags, label) => {
      const reviews = {
        native: [{ author: 'Ann', rating: 5, body: 'Soft.' }],
        imported: [{ author: 'Bo', body: 'Fine.' }],
      };
      const page = render('{item|sf-block product-form}', { item: CATALOG[0], reviews, reviewFlags: flags });
      expect(page.errors).toEqual([]);
      document.body.innerHTML = page.output;
      const el = document.querySelector<HTMLElement>('[data-sf-widget="product-form"]')!;
      const before = el.querySelector('.sf-product-form')!;
      expect(before.querySelector('.sf-reviews__toggle')?.textContent ?? null).toBe(label);
      const fallback = { boxes: boxes(before), text: before.textContent };
      await act(async () => {
        unmounts.push(
          productForm.mount(el, propsOf(el), {
            context: { ...DEFAULT_CONTEXT, reviews: flags },
            report: vi.fn(),
          }),
        );
      });
      // The toggle's code is a chunk of its own, in place once loaded.
      await act(async () => {
        await import('../../widgets/product-form/reviews-gate.js');
      });
      const after = el.querySelector('.sf-product-form')!;
      expect(after).not.toBe(before);
      expect(within(after as HTMLElement).queryByRole('button', { name: label ?? 'none' }) !== null).toBe(
        label !== null,
      );
      for (const hidden of after.querySelectorAll('.sf-visually-hidden')) hidden.remove();
      // The list's box is there once opened; closed, it is hidden and takes no space.
      for (const list of after.querySelectorAll('.sf-reviews > [hidden]')) list.remove();
      expect({ boxes: boxes(after), text: after.textContent }).toEqual(fallback);
    },
  );
});
