import { afterEach, describe, expect, it, vi } from 'vitest';
import { THEME_MESSAGE_TYPE, THEME_READY_MESSAGE_TYPE } from '../../../src/contract.js';
import { followEditor, readThemeMessage } from '../../../src/page/design-frame.js';

const root = () => document.documentElement;
const accent = () => root().style.getPropertyValue('--sf-theme-accent');

/** A message as the browser hands it to the frame: from `source`, sent on `origin`. */
const post = (data: unknown, source: unknown = window.parent, origin = window.location.origin) =>
  window.dispatchEvent(new MessageEvent('message', { data, origin, source: source as Window }));

describe('the theme message', () => {
  it.each([
    [{ '--sf-theme-accent': '#c00' }, { '--sf-theme-accent': '#c00' }],
    [{ '--sf-theme-font': ' Georgia, serif ' }, { '--sf-theme-font': 'Georgia, serif' }],
    [{ '--sf-theme-accent': '' }, { '--sf-theme-accent': '' }],
  ])('takes the known tokens of %j', (tokens, expected) => {
    expect(readThemeMessage({ type: THEME_MESSAGE_TYPE, tokens })).toEqual({ tokens: expected, issues: [] });
  });

  it('takes the known tokens of a message and names the others', () => {
    expect(
      readThemeMessage({
        type: THEME_MESSAGE_TYPE,
        tokens: { '--sf-theme-button-radius': '0', '--sf-theme-nope': 'red' },
      }),
    ).toEqual({
      tokens: { '--sf-theme-button-radius': '0' },
      issues: ['--sf-theme-nope is not a theme token'],
    });
  });

  it.each([
    [
      { '--sf-theme-surface': 'url(https://evil.example/x.png)' },
      '--sf-theme-surface holds a value the frame refuses',
    ],
    [{ '--sf-theme-surface': 'EXPRESSION(alert(1))' }, '--sf-theme-surface holds a value the frame refuses'],
    [{ '--sf-theme-accent': 'red; background: url(x)' }, '--sf-theme-accent holds a value the frame refuses'],
    [{ '--sf-theme-accent': 'red}body{color:red' }, '--sf-theme-accent holds a value the frame refuses'],
    [{ '--sf-theme-font': 'a'.repeat(201) }, '--sf-theme-font is longer than 200 characters'],
    [{ color: 'red' }, 'color is not a theme token'],
  ])('refuses %j', (tokens, issue) => {
    expect(readThemeMessage({ type: THEME_MESSAGE_TYPE, tokens })).toEqual({ tokens: {}, issues: [issue] });
  });

  it.each([null, 'sf:set-theme', { type: 'sf:set-frame-url', url: '/cart' }, { tokens: {} }])(
    'ignores %j, which is no theme message',
    (data) => {
      expect(readThemeMessage(data)).toBeNull();
    },
  );

  it('refuses tokens that are not an object of strings', () => {
    expect(readThemeMessage({ type: THEME_MESSAGE_TYPE, tokens: ['red'] })).toEqual({
      tokens: {},
      issues: ['tokens is not an object of strings'],
    });
  });
});

describe('followEditor', () => {
  // happy-dom's top window is its own parent; the frame's parent is a window of its own here.
  const parent = { postMessage: vi.fn() };
  let stop = () => {};
  const follow = () => {
    vi.spyOn(window, 'parent', 'get').mockReturnValue(parent as unknown as Window);
    stop = followEditor(window);
  };

  afterEach(() => {
    stop();
    vi.restoreAllMocks();
    root().removeAttribute('style');
  });

  it("sets the tokens on the page's root when the editor posts them", () => {
    follow();
    post({ type: THEME_MESSAGE_TYPE, tokens: { '--sf-theme-accent': 'rgb(200, 0, 0)' } }, parent);
    expect(accent()).toBe('rgb(200, 0, 0)');
    post({ type: THEME_MESSAGE_TYPE, tokens: { '--sf-theme-accent': '' } }, parent);
    expect(accent()).toBe('');
  });

  it('tells its editor, on its own origin, that it follows theme messages', () => {
    follow();
    expect(parent.postMessage).toHaveBeenCalledWith(
      { type: THEME_READY_MESSAGE_TYPE },
      window.location.origin,
    );
  });

  it('ignores a message from another origin', () => {
    follow();
    post(
      { type: THEME_MESSAGE_TYPE, tokens: { '--sf-theme-accent': 'red' } },
      parent,
      'https://evil.example',
    );
    expect(accent()).toBe('');
  });

  it('ignores a message from a window other than its parent', () => {
    follow();
    post({ type: THEME_MESSAGE_TYPE, tokens: { '--sf-theme-accent': 'red' } }, window);
    expect(accent()).toBe('');
  });

  it('warns about a refused value and sets nothing', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    follow();
    post({ type: THEME_MESSAGE_TYPE, tokens: { '--sf-theme-accent': 'url(x)' } }, parent);
    expect(accent()).toBe('');
    expect(warn).toHaveBeenCalledWith(
      '[storefront] sf:set-theme: --sf-theme-accent holds a value the frame refuses',
    );
  });

  it('sets the tokens it takes and warns about the others of the same message', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    follow();
    post(
      { type: THEME_MESSAGE_TYPE, tokens: { '--sf-theme-accent': '#0a0', '--sf-theme-surface': 'url(x)' } },
      parent,
    );
    expect(accent()).toBe('#0a0');
    expect(warn).toHaveBeenCalledWith(
      '[storefront] sf:set-theme: --sf-theme-surface holds a value the frame refuses',
    );
    root().style.removeProperty('--sf-theme-accent');
  });

  it('stops following when told to', () => {
    follow();
    stop();
    post({ type: THEME_MESSAGE_TYPE, tokens: { '--sf-theme-accent': 'red' } }, parent);
    expect(accent()).toBe('');
  });
});
