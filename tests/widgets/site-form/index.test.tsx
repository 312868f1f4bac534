import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_CONTEXT } from '../../../src/page/context.js';
import { WidgetPropsError } from '../../../src/react/define.js';
import * as siteForm from '../../../widgets/site-form/index.js';

afterEach(() => {
  document.body.innerHTML = '';
});

const block = () => {
  const el = document.createElement('div');
  el.setAttribute('data-sf-widget', 'site-form');
  el.innerHTML = '<p>Enable JavaScript to use this form.</p>';
  document.body.appendChild(el);
  return el;
};

const FORM = {
  id: 'form-contact',
  name: 'Contact',
  fields: [{ id: 'email', type: 'email', title: 'Email', required: true }],
};

describe('site form module (the dist/widgets/site-form.js contract)', () => {
  it('is named site-form and mounts through the shared runtime', () => {
    expect(siteForm.name).toBe('site-form');
    expect(siteForm.mount).toBe(siteForm.default.mount);
  });

  it('refuses props without a formId and leaves the fallback alone', () => {
    const el = block();
    expect(() => siteForm.mount(el, { form: FORM }, { context: DEFAULT_CONTEXT, report: vi.fn() })).toThrow(
      WidgetPropsError,
    );
    expect(screen.getByText('Enable JavaScript to use this form.')).toBeInstanceOf(HTMLParagraphElement);
  });

  it('keeps the answers typed so far when the same form gets new props in place', async () => {
    const el = block();
    const env = { context: DEFAULT_CONTEXT, report: vi.fn() };
    let widget: ReturnType<typeof siteForm.mount> = () => undefined;
    await act(async () => {
      widget = siteForm.mount(el, { formId: 'form-contact', form: FORM }, env);
    });
    await userEvent.type(screen.getByRole('textbox', { name: 'Email (required)' }), 'ann@example.com');
    const renamed = { ...FORM, name: 'Write to us' };
    await act(async () => widget.update?.({ formId: 'form-contact', form: renamed }));
    expect(await screen.findByRole('form', { name: 'Write to us' })).toBeInstanceOf(HTMLFormElement);
    expect(screen.getByRole('textbox', { name: 'Email (required)' })).toHaveProperty(
      'value',
      'ann@example.com',
    );
    await act(async () => widget.update?.({ formId: 'form-other', form: { ...renamed, id: 'form-other' } }));
    expect(screen.getByRole('textbox', { name: 'Email (required)' })).toHaveProperty('value', '');
    act(() => widget());
  });

  it('renders an inline schema in place of the fallback, and puts the fallback back on unmount', async () => {
    const el = block();
    let unmount: () => void = () => undefined;
    await act(async () => {
      unmount = siteForm.mount(
        el,
        { formId: 'form-contact', form: FORM },
        { context: DEFAULT_CONTEXT, report: vi.fn() },
      );
    });
    expect(screen.getByRole('form', { name: 'Contact' })).toBeInstanceOf(HTMLFormElement);
    expect(screen.getByRole('textbox', { name: 'Email (required)' })).toBeInstanceOf(HTMLInputElement);
    act(() => unmount());
    expect(screen.getByText('Enable JavaScript to use this form.')).toBeInstanceOf(HTMLParagraphElement);
  });
});
