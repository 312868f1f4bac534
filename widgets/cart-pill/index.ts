/** The floating cart pill: `<div data-sf-widget="cart-pill"></div>`; it needs no props. */
import { createElement } from 'react';
import { defineWidget } from '../../src/react/define.js';
import { CartPill } from './cart-pill.js';
import { parseCartPillProps } from './props.js';

export const name = 'cart-pill';

const widget = defineWidget({
  name,
  parseProps: parseCartPillProps,
  render: (props) => createElement(CartPill, props),
});

export const mount = widget.mount;
export default widget;
export { CartPill } from './cart-pill.js';
export type { CartPillProps } from './props.js';
