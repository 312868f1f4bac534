/**
 * The product form widget. Besides rendering into its block it keeps the product block's variant
 * image in step with the chosen variant and announces each choice (./block-form.ts).
 */
import { withWholeCatalogue } from '../../src/messages/format.js';
import { createElement } from 'react';
import type { WidgetEnv, WidgetModule } from '../../src/contract.js';
import { WidgetPropsError } from '../../src/react/define.js';
import { mountWidget } from '../../src/react/mount.js';
import { PageStorefrontProvider } from '../../src/react/provider.js';
import { ProductFormBody } from './product-form.js';
import { blockForm } from './block-form.js';

export const name = 'product-form';

/** Mounts the product form into its block (WidgetModule); throws on props that do not parse. */
export function mount(el: HTMLElement, raw: unknown, env: WidgetEnv): () => void {
  const form = blockForm(el, raw, env, name);
  if (!form.ok) throw new WidgetPropsError(name, form.issues);
  const props = form.value;
  if (props.quickView !== true) {
    return mountWidget(
      el,
      createElement(PageStorefrontProvider, { env }, createElement(ProductFormBody, props)),
      env,
    );
  }
  // A product card shows only its Quick View button, whose code loads with the cards, not with
  // every product page; the block keeps its server-rendered fallback until it is in.
  let unmount: (() => void) | undefined;
  let gone = false;
  // In the page's language from its first text: its texts are in the second part of a catalogue.
  withWholeCatalogue(import('./quick-view-button.js')).then(
    ({ QuickViewButton }) => {
      if (!gone)
        unmount = mountWidget(
          el,
          createElement(PageStorefrontProvider, { env }, createElement(QuickViewButton, props)),
          env,
        );
    },
    (error: unknown) => env.report(error, { widget: name, code: 'CHUNK_LOAD_FAILED' }),
  );
  return () => {
    gone = true;
    unmount?.();
  };
}

const widget: WidgetModule = { mount };
export default widget;
// The package's `ProductForm` is in ./quick-view-button.tsx (src/index.ts): exported here, it would
// bring the card's code to every product page.
export type { ProductFormProps } from './product-form.js';
// Its props parser too (src/index.ts takes it from ./props.ts): the script tag needs `mount` alone.
export type { ParsedProductFormProps, ProductReviews, Review, ReviewLists } from './props.js';
