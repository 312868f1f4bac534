/** The floating cart pill: `<div data-sf-widget="cart-pill"></div>`; it needs no props. */
import widget from './widget.js';

export const mount = widget.mount;
export default widget;
// The package's `CartPill` comes from ./cart-pill.tsx (src/index.ts): this file is the script
// tag's chunk, which needs `mount` alone.
export type { CartPillProps } from './props.js';
