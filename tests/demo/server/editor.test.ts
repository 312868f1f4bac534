// @vitest-environment node
/**
 * The editor's calls: the site header and footer (spec 001 §7) and the aesthetics save (spec 001
 * §4, §9), owner only, with the crumb rule of every state-changing call; and what the published
 * pages show of them.
 */
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startServer, Visitor } from './visitor';

let app: FastifyInstance;
beforeEach(async () => {
  app = await startServer();
});
afterEach(async () => {
  await app.close();
});

const signedIn = (email: string, password: string) =>
  new Visitor(app).arrive().then((v) => v.signIn({ email, password }));
const owner = () => new Visitor(app).arrive().then((v) => v.signIn());

const THEME = {
  'colors.theme': { '--sf-theme-accent': 'C00', '--sf-theme-text': '#222222' },
  'colors.palette': ['#111', '#eeeeee'],
  'fonts.theme': { '--sf-theme-font': 'Georgia, "Times New Roman", serif' },
  animations: { enabled: true, duration: 100, offset: 12 },
  buttons: { '--sf-theme-button-radius': '999px', '--sf-theme-button-case': 'uppercase' },
  tweaks: { '--sf-theme-gap': '1.25rem' },
};

describe('the site header and footer', () => {
  it('are saved by the owner and shown, escaped, on the published pages', async () => {
    const v = await owner();
    const put = await v.put('/api/site-header-footer', {
      header: 'Free <b>shipping</b>',
      footer: 'Made in Lyon',
    });
    expect(put.statusCode).toBe(200);
    expect((await new Visitor(app).get('/api/site-header-footer')).json()).toMatchObject({
      header: { text: 'Free <b>shipping</b>' },
      footer: { text: 'Made in Lyon' },
    });
    const page = (await new Visitor(app).get('/')).body;
    expect(page).toContain('<p class="demo-site-header">Free &lt;b&gt;shipping&lt;/b&gt;</p>');
    expect(page).toContain('<p class="demo-site-footer">Made in Lyon</p>');
  });

  it.each([
    ['a stranger', () => new Visitor(app).arrive(), 401, 'Sign in to edit the site design.'],
    [
      'a shopper',
      () => signedIn('shopper@example.com', 'shopper-password'),
      403,
      'Only the site owner can edit the site design.',
    ],
  ])('refuses %s: %i', async (_who, visitor, status, message) => {
    const v = await visitor();
    const put = await v.put('/api/site-header-footer', { header: 'Mine now', footer: '' });
    expect(put.statusCode).toBe(status);
    expect(put.json()).toEqual({ message });
    expect((await v.put('/api/aesthetics', THEME)).statusCode).toBe(status);
    expect((await v.request('PATCH', '/api/aesthetics', { changes: THEME })).statusCode).toBe(status);
    expect((await new Visitor(app).get('/')).body).not.toContain('Mine now');
  });

  it("refuses the owner's call without the crumb header", async () => {
    const v = await owner();
    const put = await v.put('/api/site-header-footer', { header: 'x', footer: 'y' }, { crumb: false });
    expect(put.statusCode).toBe(401);
    expect(put.json()).toMatchObject({ crumbFail: true });
  });

  it('refuses a header over 200 characters', async () => {
    const v = await owner();
    const put = await v.put('/api/site-header-footer', { header: 'x'.repeat(201), footer: '' });
    expect(put.statusCode).toBe(400);
    expect(put.json()).toEqual({ message: 'header is not a text of at most 200 characters.' });
  });
});

describe('the aesthetics save', () => {
  it('saves the whole design with PUT, and the published pages link its theme stylesheet', async () => {
    const v = await owner();
    expect((await new Visitor(app).get('/')).body).not.toContain('/site-theme.css');
    const put = await v.put('/api/aesthetics', THEME);
    expect(put.statusCode).toBe(200);
    expect(put.json().data['colors.theme']).toEqual({
      '--sf-theme-accent': '#c00',
      '--sf-theme-text': '#222222',
    });
    expect((await new Visitor(app).get('/')).body).toContain(
      '<link rel="stylesheet" href="/site-theme.css">',
    );
    const css = await new Visitor(app).get('/site-theme.css');
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(css.body).toBe(
      [
        ':root {',
        '  --sf-theme-accent: #c00;',
        '  --sf-theme-text: #222222;',
        '  --sf-theme-font: Georgia, "Times New Roman", serif;',
        '  --sf-theme-button-radius: 999px;',
        '  --sf-theme-button-case: uppercase;',
        '  --sf-theme-gap: 1.25rem;',
        '  --sf-theme-animation-duration: 600ms;',
        '  --sf-theme-animation-offset: 12px;',
        '}',
        '',
      ].join('\n'),
    );
  });

  it('changes only the dirty paths with PATCH', async () => {
    const v = await owner();
    await v.put('/api/aesthetics', THEME);
    const patch = await v.request('PATCH', '/api/aesthetics', {
      changes: { 'colors.theme': { '--sf-theme-accent': '#00f' } },
    });
    expect(patch.statusCode).toBe(200);
    expect(patch.json().saved).toEqual(['colors.theme']);
    const saved = (await v.get('/api/aesthetics')).json().data;
    expect(saved['colors.theme']).toEqual({ '--sf-theme-accent': '#00f' });
    expect(saved['fonts.theme']).toEqual(THEME['fonts.theme']);
    expect(saved['colors.palette']).toEqual(['#111', '#eeeeee']);
  });

  it.each([
    [
      { 'colors.theme': { '--sf-theme-accent': 'url(x)' } },
      'colors.theme has a --sf-theme-accent the panel does not offer.',
    ],
    [{ 'colors.theme': { color: '#fff' } }, 'colors.theme has no color.'],
    [
      { 'fonts.theme': { '--sf-theme-font': 'Comic; x' } },
      'fonts.theme has a --sf-theme-font the panel does not offer.',
    ],
    [
      { buttons: { '--sf-theme-button-radius': '3px}' } },
      'buttons has a --sf-theme-button-radius the panel does not offer.',
    ],
    [{ animations: { duration: 5000 } }, 'animations has a duration or offset out of range.'],
    [{ 'colors.palette': ['#fff', 'red'] }, 'colors.palette holds a non-hex colour.'],
    [{ layout: {} }, 'layout is not an aesthetics path.'],
  ])('refuses %j', async (body, message) => {
    const v = await owner();
    const put = await v.put('/api/aesthetics', body);
    expect(put.statusCode).toBe(400);
    expect(put.json()).toEqual({ message });
  });
});

describe('the editor pages', () => {
  it('show the five panels beside the design frame', async () => {
    const page = (await new Visitor(app).get('/editor')).body;
    for (const panel of ['Colors', 'Fonts', 'Animations', 'Design buttons', 'Tweaks'])
      expect(page).toContain(`<legend>${panel}</legend>`);
    expect(page).toContain('id="demo-design-frame"');
    expect(page).toContain('data-patch-flag="aesthetics_patch_save"');
  });

  it('show the frame expanded when the editor cookie says so', async () => {
    const v = new Visitor(app);
    v.cookies.set('sf-editor-expanded-frame', 'true');
    expect((await v.get('/editor')).body).toContain('class="demo-editor demo-editor--expanded"');
    expect((await new Visitor(app).get('/editor')).body).toContain('class="demo-editor"');
  });

  it('show the header and footer form to the owner only', async () => {
    expect((await new Visitor(app).get('/editor/header-footer')).body).not.toContain(
      'id="demo-header-footer"',
    );
    expect((await (await owner()).get('/editor/header-footer')).body).toContain('id="demo-header-footer"');
  });
});
