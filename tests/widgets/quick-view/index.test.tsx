import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EVENTS, type VariantChangeDetail } from '../../../src/contract.js';
import { loadTranslations } from '../../../src/messages/catalogues.js';
import { DEFAULT_CONTEXT } from '../../../src/page/context.js';
import { WidgetPropsError } from '../../../src/react/define.js';
import widget, { mount } from '../../../widgets/quick-view/index.js';
import { productBlock } from '../fixtures.js';
import { TEE } from '../product-form/items.js';

/** Whether the code the button opens (the product form and the lightbox) has been loaded. */
const opened = vi.hoisted(() => ({ loaded: false }));
vi.mock('../../../widgets/quick-view/open.js', async (original) => {
  opened.loaded = true;
  return original();
});

const env = () => ({ context: DEFAULT_CONTEXT, report: vi.fn() });
/** The form's code is a first import in the test's worker: on a busy machine it takes a while. */
const LOADED = { timeout: 10_000 };

const card = (props: unknown) => productBlock('quick-view', props, '<a href="/products/tee">Quick View</a>');

let unmount: (() => void) | null = null;
afterEach(() => {
  act(() => unmount?.());
  unmount = null;
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

describe('quick-view widget module', () => {
  it('exports mount as its WidgetModule', () => {
    expect(widget.mount).toBe(mount);
  });

  it('draws the button alone, and loads the form only when a pointer reaches for it', async () => {
    const { el } = card({ item: TEE, quickView: true });
    await act(async () => {
      unmount = mount(el, { item: TEE, quickView: true }, env());
    });
    const button = screen.getByRole('button', { name: 'Quick View' });
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add To Cart' })).toBeNull();
    expect(opened.loaded).toBe(false);
    fireEvent.pointerEnter(button);
    await vi.waitFor(() => expect(opened.loaded).toBe(true), LOADED);
  });

  it('opens the product form in the lightbox; a chosen variant shows on the card and is announced', async () => {
    const { el, img } = card({ item: TEE, quickView: true });
    const choices: VariantChangeDetail[] = [];
    el.addEventListener(EVENTS.variantChange, (e) =>
      choices.push((e as CustomEvent<VariantChangeDetail>).detail),
    );
    await act(async () => {
      unmount = mount(el, { item: TEE, quickView: true }, env());
    });
    await userEvent.click(screen.getByRole('button', { name: 'Quick View' }));
    const dialog = await screen.findByRole('dialog', { name: TEE.title }, LOADED);
    expect(within(dialog).getByRole('button', { name: 'Add To Cart' })).toBeInstanceOf(HTMLElement);
    await userEvent.selectOptions(within(dialog).getByLabelText('Size'), 'S');
    await userEvent.selectOptions(within(dialog).getByLabelText('Color'), 'Black');
    await vi.waitFor(() => expect(img.getAttribute('src')).toBe('/img/tee-black.jpg'), LOADED);
    expect(choices.at(-1)).toMatchObject({ itemId: TEE.id, variant: { id: 'v-s-black' } });
    await userEvent.keyboard('{Escape}');
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Quick View' }));
  });

  it('says Quick View in the text the page gives', async () => {
    const props = { item: TEE, quickView: true, strings: { productQuickViewText: 'Aperçu' } };
    const { el } = card(props);
    await act(async () => {
      unmount = mount(el, props, env());
    });
    expect(screen.getByRole('button', { name: 'Aperçu' })).toBeInstanceOf(HTMLElement);
  });

  it("says Quick View in the page's language", async () => {
    await loadTranslations('de-DE');
    try {
      const { el } = card({ item: TEE, quickView: true });
      await act(async () => {
        unmount = mount(el, { item: TEE, quickView: true }, env());
      });
      expect(screen.getByRole('button', { name: 'Schnellansicht' })).toBeInstanceOf(HTMLElement);
    } finally {
      await loadTranslations('en');
    }
  });

  it.each([
    ['not an object', 'nope'],
    ['an item without an id', { item: { title: 'Tee' } }],
    ['an item with an empty id', { item: { id: '' } }],
  ])('throws for props that are %s and leaves the card link', (_n, props) => {
    const { el } = card(props);
    expect(() => mount(el, props, env())).toThrow(WidgetPropsError);
    expect(screen.getByRole('link', { name: 'Quick View' })).toBeInstanceOf(HTMLElement);
  });

  it("reports props the form cannot read as it opens, and goes to the product's page instead", async () => {
    const props = {
      item: { id: 'tee', fullUrl: '/products/tee', structuredContent: 'broken' },
      quickView: true,
    };
    const { el } = card(props);
    const e = env();
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({
      ...window.location,
      href: window.location.href,
      origin: window.location.origin,
      assign,
    } as Location);
    await act(async () => {
      unmount = mount(el, props, e);
    });
    await userEvent.click(screen.getByRole('button', { name: 'Quick View' }));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('/products/tee'), LOADED);
    expect(e.report).toHaveBeenCalledWith(expect.any(WidgetPropsError), {
      widget: 'quick-view',
      code: 'BAD_PROPS',
    });
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
