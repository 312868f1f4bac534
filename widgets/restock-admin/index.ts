/**
 * The store owner's restock tools: `<div data-sf-widget="restock-admin"></div>` on a page for
 * signed-in store managers (spec 000 §1, §6, §7). Props: `{ "strings"? }`.
 */
import { createElement } from 'react';
import { defineWidget } from '../../src/react/define.js';
import { parseRestockAdminProps } from './props.js';
import { RestockAdmin } from './restock-admin.js';

export const name = 'restock-admin';

const widget = defineWidget({
  name,
  parseProps: parseRestockAdminProps,
  render: (props) => createElement(RestockAdmin, props),
});

export const mount = widget.mount;
export default widget;
export { RestockAdmin } from './restock-admin.js';
export { parseRestockAdminProps, type RestockAdminProps } from './props.js';
