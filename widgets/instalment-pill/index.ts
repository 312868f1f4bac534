/**
 * The instalment pill: `<div data-sf-widget="instalment-pill" data-sf-props='{ "item", "instalments",
 * "count"? }'>`, placed in the product block of the product form it follows.
 *
 * Its code loads when the page is idle (./pill-widget.ts): the server's fallback already shows the
 * instalment line and links to the provider's page, so the product form, which a shopper acts on,
 * is usable first (docs/widgets/instalment-pill.md).
 */
import { whenLanguageComplete } from '../../src/messages/format.js';
import { deferredWidget } from '../../src/page/deferred-widget.js';

export const name = 'instalment-pill';

// In a page's language from its first text: the pill's texts are in the second part of a catalogue.
const widget = deferredWidget(name, () =>
  Promise.all([import('./pill-widget.js'), whenLanguageComplete()]).then(([m]) => m.default),
);

export const mount = widget.mount;
export default widget;
// The package's `InstalmentPill` and its props parser come from their own files (src/index.ts):
// this file is the script tag's chunk, which needs `mount` alone.
export type { InstalmentPillProps } from './props.js';
