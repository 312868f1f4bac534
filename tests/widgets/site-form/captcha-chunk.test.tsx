import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FormSchema } from '../../../src/api/form-schema.js';
import { renderWithStorefront } from '../fixtures.js';

afterEach(() => {
  cleanup();
  vi.doUnmock('../../../src/react/captcha.js');
  vi.resetModules();
});

const form = (captcha: boolean): FormSchema => ({
  id: 'form-contact',
  name: 'Contact us',
  kind: 'site',
  isNewsletter: false,
  fields: [
    {
      id: 'email',
      type: 'email',
      title: 'Email',
      description: null,
      required: true,
      placeholder: null,
      maxLength: null,
      options: [],
      statements: [],
    },
  ],
  submissionMessage: 'Thanks!',
  disclaimer: null,
  successRedirect: null,
  captchaSettings: { enabled: captcha, siteKey: captcha ? 'site-key' : null },
});

/** The site form, fresh, with the loads of the captcha's code counted. */
async function siteFormCountingCaptcha(): Promise<{ loads: () => number; render: (f: FormSchema) => void }> {
  let loads = 0;
  vi.resetModules();
  vi.doMock('../../../src/react/captcha.js', async (original) => {
    loads += 1;
    return original();
  });
  const { SiteForm } = await import('../../../widgets/site-form/site-form.js');
  return {
    loads: () => loads,
    render: (f) => {
      renderWithStorefront(<SiteForm formId="form-contact" form={f} />, {
        context: { captchaScriptUrl: '/captcha/none.js' },
      });
    },
  };
}

describe("the captcha's code loads only with a form that shows a captcha", () => {
  it('is not loaded for a form without a captcha', async () => {
    const siteForm = await siteFormCountingCaptcha();
    siteForm.render(form(false));
    expect(await screen.findByRole('textbox', { name: /Email/ })).toBeTruthy();
    expect(siteForm.loads()).toBe(0);
  });

  it('is loaded for a form with a captcha', async () => {
    const siteForm = await siteFormCountingCaptcha();
    siteForm.render(form(true));
    expect(await screen.findByRole('textbox', { name: /Email/ })).toBeTruthy();
    await waitFor(() => expect(siteForm.loads()).toBe(1));
  });
});
