/**
 * The page runtime: the framework-free part shared by every widget chunk and the loader. In the
 * script-tag build it is the `widgets/runtime.js` entry, so the loader can start the cart load
 * and report errors without pulling in a UI framework. What it hands out is the page's one
 * runtime (./create-runtime.ts, which builds it and holds the default reporter).
 */
import { getCartStore, getPageRuntime, readCart, reportError } from './create-runtime.js';
import type { ApiResult } from '../api/types.js';
import type { CartStore, ShoppingCart } from '../store/index.js';
import { startBlocks as start, type BlockOptions, type Blocks } from './blocks.js';
import { isEnglishLocale } from '../messages/format.js';
import { loadPageLanguage } from './page-language.js';
import { pageState } from './page-state.js';

export { getCartStore, reportError };
export type { CartStore };

/**
 * The platform layer (analytics, identity, sessions, flags: ./platform.ts, reached through
 * ./platform-api.ts), its own chunk. The loader imports it once its first mount has settled, so
 * none of it is start-up JavaScript.
 */
export const platform = () => import('./platform-api.js');

/**
 * The environment every widget on this page shares: the page runtime itself, whose context and
 * reporter are a widget's env.
 */
export { getPageRuntime as getPageEnv, getPageRuntime };

/**
 * Settles once the catalogue language of the site context's locale is in place
 * (./page-language.ts): the loader mounts widgets only then, so a French page never shows English
 * first. An English page reads nothing; a product page waits only for the part of the catalogue
 * its widgets show as they mount. `base` is the loader's URL, where the build's catalogue files
 * are found. The site context is read in a task of its own after a timer, once for the page (its
 * state keeps the read, ./page-state.ts): read in the task that evaluated this chunk, its checks
 * (the time zone's Intl formatter above all) made that task the longest of a page of 100 product
 * blocks.
 */
export const localeReady = (base: string): Promise<void> =>
  (pageState().localeLoaded ??= new Promise<void>((resume) => setTimeout(resume)).then(() => {
    const { locale } = getPageRuntime().context;
    return isEnglishLocale(locale) ? undefined : loadPageLanguage(locale, base);
  }));

/**
 * Loads the cart into the page's store; resolves either way (see {@link readCart}), with the read:
 * the loader's start only needs to know it settled, `Storefront.cart.load()` hands it to its caller.
 */
export const loadCart = (): Promise<ApiResult<ShoppingCart>> => readCart(getPageRuntime());

/**
 * Takes over the page's blocks from the loader (./blocks.ts): mounting, props, errors and the
 * DOM watch all live in this chunk, so the script tag carries none of them.
 */
export const startBlocks = (o: BlockOptions): Blocks => {
  void localeReady(o.base).then(followEditor, () => undefined);
  return start(o, {
    reportError,
    getPageEnv: getPageRuntime,
    localeReady: () => localeReady(o.base),
    platform,
  });
};

/**
 * In the editor's design frame, follows the editor's theme messages (./design-frame.ts, a chunk
 * only such a page loads). Read once the site context has been read (see {@link localeReady}).
 */
const followEditor = (): unknown =>
  getPageRuntime().context.designFrame &&
  typeof window != 'undefined' &&
  import('./design-frame.js').then((m) => m.followEditor(window), reportError);

/**
 * The loader found `window.Storefront` already defined and stayed off. The text lives in a chunk
 * of its own: only such a page ever needs it. It builds no page runtime (./global-taken.ts). Never
 * rejects: the loader runs in the host page.
 */
export const globalTaken = (): Promise<void> =>
  import('./global-taken.js').then(
    (m) => m.announce(),
    () => undefined,
  );
