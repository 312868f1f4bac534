/**
 * Widgets whose code loads once the page is idle rather than at start. For a block whose
 * server-rendered fallback already shows what the widget shows (the instalment line, with a link
 * to the provider's page), so the widgets a shopper acts on first, the product form above all, are
 * not kept waiting for its bytes: the fallback stays in place until the widget mounts over it.
 */
import { DEFERRED_ATTR, MOUNTED_ATTR, type WidgetModule, type WidgetMount } from '../contract.js';
import { whenIdle } from '../idle.js';
import { definedWidgets, warnBlock } from './blocks.js';

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
      // Drawn or failed: the block no longer waits for its widget.
      const settled = () => el.removeAttribute(DEFERRED_ATTR);
      const attempt = () =>
        Promise.race([
          load(),
          // 120 s, the loader's limit of every chunk (loader/loader.ts): an import that stalls
          // ends as a failure too. The timer is left to run out: once the race is settled, its
          // rejection changes nothing.
          new Promise<never>((_, reject) => setTimeout(reject, 120_000)),
        ])
          .then(
            (mod) => {
              if (!live || !el.isConnected) return;
              try {
                unmount = mod.mount(el, props, env);
              } catch (error) {
                fail(
                  error,
                  (error as Error | null)?.name === 'WidgetPropsError' ? 'BAD_PROPS' : 'MOUNT_FAILED',
                );
              }
            },
            (failure: unknown) => {
              // Reported as the loader reports a chunk, by name and how it failed: the timer rejects
              // with nothing (a time-out, the code never came), a failed import with its error.
              fail(
                new Error(`Chunk "${name}" failed to load (${failure ? 'error' : 'timeout'})`),
                'CHUNK_LOAD_FAILED',
              );
            },
          )
          // Nothing escapes into the page, whatever happened.
          .then(settled, settled);
      el.setAttribute(DEFERRED_ATTR, '');
      whenIdle(() => {
        if (live) void attempt();
      });
      const off = () => {
        live = false;
        settled();
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
