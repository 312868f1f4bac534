/**
 * The instalment pill: `<div data-sf-widget="instalment-pill" data-sf-props='{ "item", "instalments",
 * "count"? }'>`, placed in the product block of the product form it follows.
 */
import widget from './widget.js';

export const mount = widget.mount;
export default widget;
// The package's `InstalmentPill` and its props parser come from their own files (src/index.ts):
// this file is the script tag's chunk, which needs `mount` alone.
export type { InstalmentPillProps } from './props.js';
