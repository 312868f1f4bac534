/**
 * The back-in-stock sign-up: `<div data-sf-widget="restock-form" data-sf-props='{ "productId": "tee",
 * "variantId": "tee-s-black" }'>`. The product form renders this block itself for a sold-out
 * variant; a theme may also place one inside a product block.
 */
import { createElement } from 'react';
import { defineWidget } from '../../src/react/define.js';
import { parseRestockFormProps } from './props.js';
import { RestockForm } from './restock-form.js';

export const name = 'restock-form';

const widget = defineWidget({
  name,
  parseProps: parseRestockFormProps,
  render: (props) => createElement(RestockForm, props),
  // The address typed so far stays while the block moves between sold-out variants of its
  // product (new props name the variant, or it follows the choice itself); another product
  // starts afresh.
  identity: (props) => props.productId,
});

export const mount = widget.mount;
export default widget;
export { RestockForm } from './restock-form.js';
export { parseRestockFormProps, type RestockFormProps } from './props.js';
