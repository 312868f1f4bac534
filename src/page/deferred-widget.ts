/**
 * Widgets whose code loads once the page is idle rather than at start. For a block whose
 * server-rendered fallback already shows what the widget shows (the instalment line, with a link
 * to the provider's page), so the widgets a shopper acts on first, the product form above all, are
 * not kept waiting for its bytes: the fallback stays in place until the widget mounts over it.
 */
import { DEFERRED_ATTR, type WidgetModule, type WidgetMount } from '../contract.js';
import { whenIdle } from '../idle.js';
import { definedWidgets } from './blocks.js';

/**
 * A widget module that loads its implementation (`load`) at idle and mounts it then. Props that
 * do not parse and code that does not load are reported as the loader reports them (`BAD_PROPS`,
 * `CHUNK_LOAD_FAILED`), and the block keeps its fallback; a block unmounted or removed first is
 * never mounted.
 */
export function deferredWidget(name: string, load: () => Promise<WidgetModule>): WidgetModule {
  const widget: WidgetModule = {
    mount(el, props, env) {
      let live = true;
      let unmount: WidgetMount | null = null;
      el.setAttribute(DEFERRED_ATTR, '');
      whenIdle(() => {
        if (!live) return;
        load()
          .catch((error: unknown) => {
            env.report(error, { widget: name, code: 'CHUNK_LOAD_FAILED' });
            return null;
          })
          .then((mod) => {
            if (!mod || !live || !el.isConnected) return;
            try {
              unmount = mod.mount(el, props, env);
            } catch (error) {
              const code =
                (error as Error | null)?.name === 'WidgetPropsError' ? 'BAD_PROPS' : 'MOUNT_FAILED';
              env.report(error, { widget: name, code });
            }
          })
          .catch(() => undefined)
          .finally(() => el.removeAttribute(DEFERRED_ATTR));
      });
      const off = () => {
        live = false;
        el.removeAttribute(DEFERRED_ATTR);
        unmount?.();
      };
      // New props before the widget is in are the ones it mounts with; after, the widget's own.
      const update = (next: unknown) => {
        props = next;
        unmount?.update?.(next);
      };
      return Object.assign(off, { update });
    },
  };
  // The page's blocks find it here when it came in another widget's chunk (./blocks.ts); the
  // widget it loads takes its place once defined.
  definedWidgets.set(name, widget);
  return widget;
}
