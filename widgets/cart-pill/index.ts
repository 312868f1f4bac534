/** The floating cart pill: `<div data-sf-widget="cart-pill"></div>`; it needs no props. */
import { createElement } from 'react';
import { defineWidget } from '../../src/react/define.js';
import { CartPill } from './cart-pill.js';
import { parseCartPillProps } from './props.js';

const name = 'cart-pill';

const widget = defineWidget({
  name,
  parseProps: parseCartPillProps,
  render: (props) => createElement(CartPill, props),
});

export const mount = widget.mount;
export default widget;
// The package's `CartPill` comes from ./cart-pill.tsx (src/index.ts): this file is the script
// tag's chunk, which needs `mount` alone.
export type { CartPillProps } from './props.js';
