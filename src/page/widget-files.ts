/**
 * The files a widget comes in, by the build's layout (`WIDGET_HOMES` of vite.config.ts): its code
 * in its home's file (the cart pill in `runtime.js`), its rules in its home's stylesheet where the
 * home is a styled widget (the instalment pill in `product-form.css`, scripts/widget-styles.ts),
 * else in its own. The page runtime and the reference server's head links ask here; the loader
 * writes the same test out (a call costs it 40 B of its 1,600).
 *
 * `homes`: widgets whose code a file of another name holds, by that file's name; `styled`: the
 * widgets that ship a stylesheet. Plain arguments, not an options object: the loader's budget
 * counts every byte of its property names.
 */
type Homes = Readonly<Record<string, string>> | undefined;

/** The file of a widget's code (`product-form.js` for the instalment pill). */
export const codeFile = (name: string, homes: Homes): string => `${homes?.[name] ?? name}.js`;

/** The stylesheet that holds a widget's rules (`product-form.css` for the instalment pill). */
export const styleFile = (name: string, homes: Homes, styled: readonly string[]): string => {
  const home = homes?.[name] ?? name;
  return `${styled.includes(home) ? home : name}.css`;
};
