/**
 * The full cart page. It mounts on the element with id `sf-cart-page` (CART_PAGE_ROOT_ID), which
 * carries `data-sf-widget="cart-page"` like any other block.
 */
import { createElement } from 'react';
import { defineWidget } from '../../src/react/define.js';
import { CartPage } from './cart-page.js';
import { parseCartPageProps } from './props.js';

export const name = 'cart-page';

const widget = defineWidget({
  name,
  parseProps: parseCartPageProps,
  render: (props) => createElement(CartPage, props),
});

export const mount = widget.mount;
export default widget;
export { CartPage, type CartPageProps } from './cart-page.js';
