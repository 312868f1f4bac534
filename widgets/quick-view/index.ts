/**
 * A product card's Quick View button: `<div data-sf-widget="quick-view" data-sf-props='…'>`, with
 * the product form's props (`sf-block product-form` writes it for a card). The page loads the
 * button alone; the product form, its parser and the lightbox load when the shopper reaches for
 * the button (a pointer over it, focus) or clicks it, so a shop of cards fetches no product form.
 */
import { createElement } from 'react';
import type { WidgetEnv, WidgetModule } from '../../src/contract.js';
import { WidgetPropsError } from '../../src/react/define.js';
import { mountWidget } from '../../src/react/mount.js';
import { PageStorefrontProvider } from '../../src/react/provider.js';
import { isRecord } from '../../src/result.js';
import { QuickViewCard } from './quick-view-card.js';

export const name = 'quick-view';

/**
 * Mounts the button into its block (WidgetModule). Only what the button needs is read now: the
 * product's id; the rest of the props are parsed, and reported when wrong, as the form opens.
 */
export function mount(el: HTMLElement, raw: unknown, env: WidgetEnv): () => void {
  const item = isRecord(raw) ? raw['item'] : undefined;
  const itemId = isRecord(item) ? item['id'] : undefined;
  if (typeof itemId !== 'string' || itemId === '')
    throw new WidgetPropsError(name, ['item.id is not a non-empty string']);
  const strings = isRecord(raw) && isRecord(raw['strings']) ? raw['strings'] : undefined;
  return mountWidget(
    el,
    createElement(
      PageStorefrontProvider,
      { env },
      createElement(QuickViewCard, { block: el, raw, env, itemId, strings }),
    ),
    env,
  );
}

const widget: WidgetModule = { mount };
export default widget;
