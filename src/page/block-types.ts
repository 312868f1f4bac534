/**
 * What the page's blocks (./blocks.ts) are handed and what they offer: the loader's options, what
 * they need of the page runtime, `Storefront.mount` and `unmount`, and the chunk failure the
 * loader's loads reject with. Types alone: the loader (loader/loader.ts) names them too.
 */
import type { WidgetEnv } from '../contract.js';

/** What the loader hands over with the page's blocks. */
export interface BlockOptions {
  readonly doc: Document;
  /** The loader's own script URL; the build's files are found against it. */
  readonly base: string;
  /** The widget names the build holds a chunk for. */
  readonly widgets: readonly string[];
  /** Widgets that ship a stylesheet (`widgets/<name>.css`). */
  readonly styled: readonly string[];
  /**
   * Widgets whose code a chunk of another name holds, by that chunk (`{ "cart-pill": "runtime" }`):
   * they mount from `definedWidgets` (./blocks.ts) once it has loaded, and where that chunk is a
   * styled widget's, styled by its stylesheet (`product-form.css`), which holds theirs. @default {}
   */
  readonly homes?: Readonly<Record<string, string>> | undefined;
  /** Every widget name of the page contract (WIDGET_NAMES), built or not. */
  readonly reserved: readonly string[];
  /**
   * The loader's chunk load (`cart-pill.js`, `cart-pill.css`): once per chunk, again after a
   * failure, rejecting with a {@link ChunkError}.
   */
  readonly load: (file: string) => Promise<unknown>;
  /**
   * Settles once the page's widgets are interactive, with `data-sf-ready` set by the loader: at
   * once on a first visit, after the cart read at start otherwise (a returning shopper, a signed-in
   * visitor). The platform layer waits for it: nothing it fetches or sends may compete with that
   * read. @default at once
   */
  readonly interactive?: Promise<unknown> | undefined;
}

/** What the blocks need of the page runtime (./runtime.ts). */
export interface BlockRuntime {
  reportError(error: unknown, info: Record<string, string>): void;
  getPageEnv(): WidgetEnv;
  localeReady(): Promise<void>;
  platform(): Promise<{ start(): void }>;
}

/** `Storefront.mount` and `Storefront.unmount`, once the runtime chunk is in. */
export interface Blocks {
  /**
   * Mounts every block in `root` not mounted yet; resolves when they have settled: those near the
   * viewport mounted (or failed), those far from it waiting to mount as they come near.
   */
  mount(root?: ParentNode): Promise<void>;
  /**
   * Unmounts every mounted block in `root` and puts back its server-rendered fallback; a block in
   * it whose mount is on its way (its chunk loading, or waiting to come near) does not mount.
   */
  unmount(root?: ParentNode): void;
}

/** A failed chunk load: names the chunk and how it failed (spec 001 §8). */
export interface ChunkError extends Error {
  code: 'CHUNK_LOAD_FAILED' | 'CSS_CHUNK_LOAD_FAILED';
  chunk: string;
  type: 'error' | 'timeout';
}
