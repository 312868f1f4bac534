/**
 * The product form widget. Besides rendering into its block it keeps the product block's variant
 * image in step with the chosen variant and announces each choice (./block-form.ts).
 */
import { withWholeCatalogue } from '../../src/messages/format.js';
import { createElement } from 'react';
import type { WidgetEnv, WidgetModule, WidgetMount } from '../../src/contract.js';
import { WidgetPropsError } from '../../src/react/define.js';
import { mountWidget, type MountedWidget } from '../../src/react/mount.js';
import { PageStorefrontProvider } from '../../src/react/provider.js';
import { ProductFormBody, type ProductFormProps } from './product-form.js';
import type { QuickViewButton } from './quick-view-button.js';
import { blockForm } from './block-form.js';

export const name = 'product-form';

/**
 * Mounts the product form into its block (WidgetModule); throws on props that do not parse. New
 * props of the same product keep the shopper's choice (the form's state stays where it was); a
 * product of another id starts afresh, with the block's callbacks for that id.
 */
export function mount(el: HTMLElement, raw: unknown, env: WidgetEnv): WidgetMount {
  const read = (value: unknown): ProductFormProps => {
    const form = blockForm(el, value, env, name);
    if (!form.ok) throw new WidgetPropsError(name, form.issues);
    return form.value;
  };
  let props = read(raw);
  let mounted: MountedWidget | undefined;
  let gone = false;
  // A product card shows only its Quick View button, whose code loads with the cards, not with
  // every product page; the block keeps its server-rendered fallback until it is in.
  let QuickView: typeof QuickViewButton | null = null;
  const show = () => {
    if (gone) return;
    if (props.quickView === true && !QuickView) return void loadQuickView();
    const body =
      QuickView && props.quickView === true
        ? createElement(QuickView, props)
        : createElement(ProductFormBody, props);
    const tree = createElement(PageStorefrontProvider, { env, key: props.item.id }, body);
    if (mounted) mounted.render(tree);
    else mounted = mountWidget(el, tree, env);
  };
  // In the page's language from its first text: its texts are in the second part of a catalogue.
  const loadQuickView = () =>
    withWholeCatalogue(import('./quick-view-button.js')).then(
      (m) => {
        QuickView = m.QuickViewButton;
        show();
      },
      (error: unknown) => env.report(error, { widget: name, code: 'CHUNK_LOAD_FAILED' }),
    );
  show();
  return Object.assign(
    () => {
      gone = true;
      mounted?.();
    },
    {
      update(value: unknown) {
        const next = read(value);
        // The same product keeps the first callbacks: its variant image switcher, its announcements.
        props =
          next.item.id === props.item.id
            ? { ...next, onVariantChange: props.onVariantChange, onChoiceChange: props.onChoiceChange }
            : next;
        show();
      },
    },
  );
}

const widget: WidgetModule = { mount };
export default widget;
// The package's `ProductForm` is in ./quick-view-button.tsx (src/index.ts): exported here, it would
// bring the card's code to every product page.
export type { ProductFormProps } from './product-form.js';
// Its props parser too (src/index.ts takes it from ./props.ts): the script tag needs `mount` alone.
export type { ParsedProductFormProps, ProductReviews, Review, ReviewLists } from './props.js';
