/**
 * The instalment pill's widget module. Not in ./index.ts, the entry file of `instalment-pill.js`:
 * this module travels in the product form's chunk (`product-form.js`, CHUNKS in
 * vite.config.ts), so the widget is defined as that chunk runs and the page mounts it without
 * fetching `instalment-pill.js`.
 *
 * What it defines loads the pill's own code when the page is idle (./pill-widget.ts): the
 * server's fallback already shows the instalment line and links to the provider's page, so the
 * product form, which a shopper acts on, is usable first (docs/widgets/instalment-pill.md).
 */
import { withWholeCatalogue } from '../../src/messages/format.js';
import { deferredWidget } from '../../src/page/deferred-widget.js';

// In a page's language from its first text: the pill's texts are in the second part of a catalogue.
export default deferredWidget('instalment-pill', () =>
  withWholeCatalogue(import('./pill-widget.js')).then((m) => m.default),
);
