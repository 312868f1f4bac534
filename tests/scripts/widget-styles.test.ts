// @vitest-environment node
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { styleSheets, widgetStyles } from '../../scripts/widget-styles.js';

/** The stylesheets the plugin emits for `names` and `homes`, by file name. */
function emitted(
  names: readonly string[],
  homes: Readonly<Record<string, string>> = {},
): Map<string, string> {
  const files = new Map<string, string>();
  const plugin = widgetStyles('', () => names, homes);
  const emitFile = (file: { fileName: string; source: string }) => {
    files.set(file.fileName, file.source);
    return '';
  };
  (plugin.generateBundle as (this: unknown) => void).call({ emitFile });
  return files;
}

const occurrences = (text: string, needle: string) => text.split(needle).length - 1;

describe('the widgets’ stylesheets', () => {
  it('puts a widget that travels in another styled widget’s file into that widget’s stylesheet, after its own rules', () => {
    expect(
      styleSheets(['cart-pill', 'instalment-pill', 'product-form'], {
        'cart-pill': 'runtime',
        'instalment-pill': 'product-form',
      }),
    ).toEqual(
      new Map([
        ['cart-pill', ['cart-pill']],
        ['instalment-pill', ['instalment-pill']],
        ['product-form', ['product-form', 'instalment-pill']],
      ]),
    );
    // A home that is no styled widget (the runtime) makes no sheet; nor a guest without rules.
    expect(
      styleSheets(['product-form'], { 'cart-pill': 'runtime', 'instalment-pill': 'product-form' }),
    ).toEqual(new Map([['product-form', ['product-form']]]));
  });

  it('emits the home’s sheet with both widgets’ rules and the shared rules once', () => {
    const files = emitted(['cart-pill', 'instalment-pill', 'product-form'], {
      'cart-pill': 'runtime',
      'instalment-pill': 'product-form',
    });
    expect([...files.keys()].sort()).toEqual(['cart-pill.css', 'instalment-pill.css', 'product-form.css']);
    const home = files.get('product-form.css') ?? '';
    expect(home).toContain('.sf-product-form');
    expect(home).toContain('.sf-instalment-pill__button');
    // ui.css's first rule, and theme.css's, once each though both widgets import them.
    const sharedRule = ':where(.sf-button) {';
    expect(readFileSync('src/react/ui/ui.css', 'utf8')).toContain(sharedRule);
    expect(occurrences(home, sharedRule)).toBe(1);
    expect(occurrences(files.get('instalment-pill.css') ?? '', sharedRule)).toBe(1);
    // The home's own rules first: its stylesheet read alone is a prefix of the combined one.
    expect(home.startsWith(emitted(['product-form']).get('product-form.css')?.trimEnd() ?? '-')).toBe(true);
  });

  it('keeps one stylesheet per widget where no homes are given (the npm build)', () => {
    const files = emitted(['instalment-pill', 'product-form']);
    expect([...files.keys()].sort()).toEqual(['instalment-pill.css', 'product-form.css']);
    expect(files.get('product-form.css')).not.toContain('.sf-instalment-pill');
  });
});
