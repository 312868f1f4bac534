/**
 * Widgets whose code loads once the page is idle rather than at start. For a block whose
 * server-rendered fallback already shows what the widget shows (the instalment line, with a link
 * to the provider's page), so the widgets a shopper acts on first, the product form above all, are
 * not kept waiting for its bytes: the fallback stays in place until the widget mounts over it.
 */
import { DEFERRED_ATTR, MOUNTED_ATTR, type WidgetModule, type WidgetMount } from '../contract.js';
import { whenIdle } from '../idle.js';
import { definedWidgets, warnBlock, type ChunkError } from './blocks.js';

/**
 * How long the widget's code may take to load before it counts as failed, in ms: the limit the
 * loader gives every chunk (loader/loader.ts), so a stalled import ends as a failure too.
 */
export const DEFERRED_LOAD_TIMEOUT_MS = 120_000;

/** A load of a widget's code that failed, named and typed as the loader names a chunk's. */
function chunkError(chunk: string, type: ChunkError['type'], cause?: unknown): ChunkError {
  // `cause` stays undefined on a time-out: nothing failed, the code never came.
  const why = cause === undefined ? '' : `: ${String((cause as Error | null)?.message ?? cause)}`;
  const e = new Error(`Chunk "${chunk}" failed to load (${type})${why}`) as ChunkError;
  e.name = 'ChunkLoadError';
  e.code = 'CHUNK_LOAD_FAILED';
  e.chunk = chunk;
  e.type = type;
  e.cause = cause;
  return e;
}

/** The widget's code, or a {@link ChunkError} once it failed or has not come within the limit. */
const loadCode = (name: string, load: () => Promise<WidgetModule>): Promise<WidgetModule> =>
  new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(chunkError(name, 'timeout')), DEFERRED_LOAD_TIMEOUT_MS);
    const fail = (cause: unknown) => {
      clearTimeout(timer);
      reject(chunkError(name, 'error', cause));
    };
    try {
      load().then((mod) => {
        clearTimeout(timer);
        resolve(mod);
      }, fail);
    } catch (cause) {
      fail(cause);
    }
  });

/**
 * A widget module that loads its implementation (`load`) at idle and mounts it then. Props that
 * do not parse and code that does not load are reported as the loader reports them (`BAD_PROPS`,
 * `CHUNK_LOAD_FAILED` with the chunk, named for the widget, and `error` or `timeout` after the
 * loader's 120 s), and the block keeps its fallback, no longer marked mounted, so the next
 * `Storefront.mount()` tries again; a block unmounted or removed first is never mounted.
 */
export function deferredWidget(name: string, load: () => Promise<WidgetModule>): WidgetModule {
  const widget: WidgetModule = {
    mount(el, props, env) {
      let live = true;
      let unmount: WidgetMount | null = null;
      let failed = false;
      // Reported as the loader reports a block (console and error reporter); the block shows its
      // fallback, so it is no longer marked mounted until new props try again.
      const fail = (error: unknown, code: string) => {
        failed = true;
        el.removeAttribute(MOUNTED_ATTR);
        warnBlock(name, String((error as Error | null)?.message ?? error));
        env.report(error, { widget: name, code });
      };
      const attempt = () =>
        loadCode(name, load)
          .catch((error: unknown) => {
            fail(error, 'CHUNK_LOAD_FAILED');
            return null;
          })
          .then((mod) => {
            if (!mod || !live || !el.isConnected) return;
            try {
              unmount = mod.mount(el, props, env);
            } catch (error) {
              fail(
                error,
                (error as Error | null)?.name === 'WidgetPropsError' ? 'BAD_PROPS' : 'MOUNT_FAILED',
              );
            }
          })
          .catch(() => undefined)
          .finally(() => el.removeAttribute(DEFERRED_ATTR));
      el.setAttribute(DEFERRED_ATTR, '');
      whenIdle(() => {
        if (live) void attempt();
      });
      const off = () => {
        live = false;
        el.removeAttribute(DEFERRED_ATTR);
        unmount?.();
      };
      // New props before the widget is in are the ones it mounts with; after, the widget's own.
      // After a failure they try again (the editor correcting them, the code there this time).
      const update = (next: unknown) => {
        props = next;
        if (unmount) return unmount.update?.(next);
        if (!failed || !live) return;
        failed = false;
        el.setAttribute(MOUNTED_ATTR, '');
        el.setAttribute(DEFERRED_ATTR, '');
        void attempt();
      };
      return Object.assign(off, { update });
    },
  };
  // The page's blocks find it here when it came in another widget's chunk (./blocks.ts); the
  // widget it loads takes its place once defined.
  definedWidgets.set(name, widget);
  return widget;
}
