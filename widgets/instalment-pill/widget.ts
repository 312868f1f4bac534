/**
 * The instalment pill's widget module. Not in ./index.ts, the entry file of `instalment-pill.js`:
 * this module travels in the product form's chunk (`product-form.js`, CHUNK_ROOTS in
 * vite.config.ts), so the widget is defined as that chunk runs and the page mounts it without
 * fetching `instalment-pill.js`.
 */
import { createElement } from 'react';
import { defineWidget } from '../../src/react/define.js';
import { InstalmentPill, WIDGET as name } from './instalment-pill.js';
import { parseInstalmentPillProps } from './props.js';

export default defineWidget({
  name,
  parseProps: parseInstalmentPillProps,
  render: (props) => createElement(InstalmentPill, props),
});
