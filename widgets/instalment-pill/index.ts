/**
 * The instalment pill: `<div data-sf-widget="instalment-pill" data-sf-props='{ "item", "instalments",
 * "count"? }'>`, placed in the product block of the product form it follows.
 */
import { createElement } from 'react';
import { defineWidget } from '../../src/react/define.js';
import { InstalmentPill, WIDGET as name } from './instalment-pill.js';
import { parseInstalmentPillProps } from './props.js';

const widget = defineWidget({
  name,
  parseProps: parseInstalmentPillProps,
  render: (props) => createElement(InstalmentPill, props),
});

export const mount = widget.mount;
export default widget;
// The package's `InstalmentPill` and its props parser come from their own files (src/index.ts):
// this file is the script tag's chunk, which needs `mount` alone.
export type { InstalmentPillProps } from './props.js';
