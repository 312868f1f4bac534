/**
 * The cart pill's widget module. Not in ./index.ts, the entry file of `cart-pill.js`: this module
 * travels in the start-up chunk (`runtime.js`, CHUNKS in vite.config.ts), so the widget is
 * defined as that chunk runs and the page mounts it without fetching `cart-pill.js`.
 */
import { createElement } from 'react';
import { defineWidget } from '../../src/react/define.js';
import { CartPill } from './cart-pill.js';
import { parseCartPillProps } from './props.js';

export default defineWidget({
  name: 'cart-pill',
  parseProps: parseCartPillProps,
  render: (props) => createElement(CartPill, props),
});
