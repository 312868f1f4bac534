// @vitest-environment node
/**
 * The attacks of issue 9, each as a request an attacker could send: every one is refused.
 */
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { startServer } from './visitor';

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

const contactForm = (successRedirect: unknown) => ({
  id: 'form-contact',
  name: 'Contact',
  fields: [{ id: 'email', type: 'email', title: 'Email', required: true }],
  successRedirect,
});

describe('form success redirects', () => {
  it.each([
    ['a script address', ['javascript', 'alert(document.cookie)'].join(':')],
    ['another origin', 'https://evil.example/'],
    ['a protocol-relative address', '//evil.example/'],
    ['a tab a browser drops', '/\t/evil.example'],
    ['a backslash a browser reads as a slash', '/\\evil.example'],
  ])('refuses to seed a form redirecting to %s', async (_name, target) => {
    await expect(startServer({ forms: [contactForm(target)] })).rejects.toThrow(
      'form form-contact: successRedirect must be a same-origin path such as /thanks',
    );
  });

  it('keeps a same-origin path', async () => {
    app = await startServer({ forms: [contactForm('/thanks')] });
    const res = await app.inject('/api/template/GetTemplateSchema?type=form&formId=form-contact');
    expect(res.json().successRedirect).toBe('/thanks');
  });
});
