/**
 * Sign-in for site users and the store owner: `<div data-sf-widget="account"></div>`. Props:
 * `{ "email"?, "strings"? }`, `email` naming the account the page was rendered for.
 */
import { createElement } from 'react';
import { defineWidget } from '../../src/react/define.js';
import { Account } from './account.js';
import { parseAccountProps } from './props.js';

export const name = 'account';

const widget = defineWidget({
  name,
  parseProps: parseAccountProps,
  render: (props) => createElement(Account, props),
});

export const mount = widget.mount;
export default widget;
export { Account, type AccountSession } from './account.js';
export { parseAccountProps, type AccountProps } from './props.js';
