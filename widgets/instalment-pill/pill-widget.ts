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
  // Keyed by product: new props for another product do not keep the last one's choice.
  render: (props) => createElement(InstalmentPillBody, { ...props, key: props.item.id }),
});

export const mount = widget.mount;
export default widget;
