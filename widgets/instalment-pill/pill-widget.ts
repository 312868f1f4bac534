/**
 * The instalment pill's widget module, mounted at once: ./index.ts loads it when the page is idle.
 */
import { createElement } from 'react';
import { defineWidget } from '../../src/react/define.js';
import { InstalmentPillBody, WIDGET as name } from './instalment-pill.js';
import { parseInstalmentPillProps } from './props.js';

const widget = defineWidget({
  name,
  parseProps: parseInstalmentPillProps,
  render: (props) => createElement(InstalmentPillBody, props),
});

export const mount = widget.mount;
export default widget;
