/**
 * The demo store's site-form pages (contact, newsletter, the feedback form with a captcha), each
 * carrying its form's schema, and the page the feedback form sends the shopper to.
 */
import type { FastifyRequest } from 'fastify';
import type { Db } from './db';
import { FAKE_CAPTCHA_PATH } from './captcha';
import { renderPage } from './render';
import { getForm } from './routes-forms';
import { SITE_TITLE } from './routes-platform';

/** Where the feedback form sends the shopper once it is sent. */
export function thanksPage(db: Db, request: FastifyRequest): string {
  return renderPage(db, request, 'message', 'Thank you', {
    heading: 'Thank you',
    text: 'Your feedback has reached us.',
  });
}

/** The site-form pages: contact, newsletter and the feedback form with a captcha. */
export const FORM_PAGES: Readonly<
  Record<string, { title: string; intro: string; formId: string; captcha?: boolean }>
> = {
  contact: {
    title: 'Contact us',
    intro: 'Questions about an order or a product? Write to us.',
    formId: 'form-contact',
  },
  newsletter: {
    title: 'Newsletter',
    intro: 'New pieces and workshop dates, once a month.',
    formId: 'form-newsletter',
  },
  feedback: {
    title: 'Feedback',
    intro: 'Tell us how we did. This form asks you to prove you are not a robot.',
    formId: 'form-feedback',
    captcha: true,
  },
};

export function formPage(db: Db, request: FastifyRequest, slug: string): string | null {
  const page = FORM_PAGES[slug];
  if (!page) return null;
  const schema = getForm(db, page.formId);
  return renderPage(
    db,
    request,
    'form',
    page.title,
    {
      heading: page.title,
      intro: page.intro,
      form: {
        formId: page.formId,
        page: { id: `page-${slug}`, contentSource: 'c', permissionType: 0 },
        // The schema rides in the block, as a product page's item does: the widget then shows the
        // form without a round trip for it (its `form` prop).
        ...(schema && { form: schema }),
      },
    },
    {
      description: `${page.intro} ${SITE_TITLE}.`,
      fetchesFormSchema: !schema,
      ...(page.captcha && {
        context: {
          captchaSiteKey: request.server.captchaSiteKey ?? 'demo-site-key',
          captchaScriptUrl: FAKE_CAPTCHA_PATH,
        },
      }),
    },
  );
}
