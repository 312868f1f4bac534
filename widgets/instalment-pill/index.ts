/**
 * The instalment pill: `<div data-sf-widget="instalment-pill" data-sf-props='{ "item", "instalments",
 * "count"? }'>`, placed in the product block of the product form it follows.
 */
import { createElement } from 'react';
import { defineWidget } from '../../src/react/define.js';
import { InstalmentPill, WIDGET as name } from './instalment-pill.js';
import { parseInstalmentPillProps } from './props.js';

export { name };

const widget = defineWidget({
  name,
  parseProps: parseInstalmentPillProps,
  render: (props) => createElement(InstalmentPill, props),
});

export const mount = widget.mount;
export default widget;
export { InstalmentPill } from './instalment-pill.js';
export { parseInstalmentPillProps, type InstalmentPillProps } from './props.js';
