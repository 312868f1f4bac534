/**
 * The generic site form: `<div data-sf-widget="site-form" data-sf-props='{ "formId": "form-contact" }'>`.
 * Props: `{ "formId", "form"?, "page"?: { "id", "contentSource", "permissionType" }, "strings"? }`.
 */
import { createElement } from 'react';
import { defineWidget } from '../../src/react/define.js';
import { parseSiteFormProps } from './props.js';
import { SiteForm } from './site-form.js';

export const name = 'site-form';

const widget = defineWidget({
  name,
  parseProps: parseSiteFormProps,
  render: (props) => createElement(SiteForm, props),
  // Answers typed so far stay while the editor changes the same form's props.
  identity: (props) => props.formId,
});

export const mount = widget.mount;
export default widget;
export { SiteForm } from './site-form.js';
export { parseSiteFormProps, type SiteFormPage, type SiteFormProps } from './props.js';
