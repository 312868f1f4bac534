/**
 * What a card's Quick View loads as the shopper reaches for it: the product form with its parser
 * (the product form's chunk) and the lightbox around it.
 */
import type { WidgetEnv } from '../../src/contract.js';
import { WidgetPropsError } from '../../src/react/define.js';
import { blockForm } from '../product-form/block-form.js';
import type { ProductFormProps } from '../product-form/product-form.js';
import { cardFacts, QuickViewPanel } from '../product-form/quick-view.js';

export interface OpenedCard {
  readonly Panel: typeof QuickViewPanel;
  readonly form: ProductFormProps;
}

/**
 * The card's form from its block's props, with the product form's block events; or, when the
 * props do not parse (reported as BAD_PROPS, as the product form's mount would), the product's
 * page on this site to go to instead, if the card names one.
 */
export function openCard(
  block: HTMLElement,
  raw: unknown,
  env: WidgetEnv,
): { ok: true; value: OpenedCard } | { ok: false; page: string | null } {
  const form = blockForm(block, raw, env, 'quick-view');
  if (!form.ok) {
    env.report(new WidgetPropsError('quick-view', form.issues), { widget: 'quick-view', code: 'BAD_PROPS' });
    return { ok: false, page: cardFacts(block).url };
  }
  return { ok: true, value: { Panel: QuickViewPanel, form: form.value } };
}
