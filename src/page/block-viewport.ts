/**
 * When a block may take its turn to mount (./blocks.ts): as it comes near the viewport, within one
 * screen of it, never before. Each slice of mounts lets a frame through, and each frame walks the
 * whole page (style, the content-visibility checks of every block, layout, paint): mounting the
 * far blocks of a page of 1,000 at idle cost 4 to 5 times the CPU per block of a page of 100 on a
 * slow phone (docs/performance.md). A far block shows its server-rendered fallback until then,
 * which holds the widget's boxes and texts: printing and find-in-page read it. The observer reports
 * each block once the browser has drawn a frame; the blocks on the screen go first, then the
 * nearest, in page order. Without IntersectionObserver every block goes at once.
 */

/**
 * How near the viewport a block comes before it mounts: one screen height above and below it (a
 * width beside it), so a block is usually in place before a scrolling visitor reaches it.
 */
const NEAR_MARGIN = '100%';

/** The blocks of a page waiting to come near its viewport. */
export interface BlockViewport {
  /**
   * Settles once the block may take its turn: it has come near the viewport. `far` is called when
   * the observer has found it far: the block then waits, and its mount counts as settled. A block
   * waits once: a second wait for it takes the place of the first.
   */
  nearby(el: Element, far: () => void): Promise<void>;
  /**
   * Ends a waiting block's wait, nothing let go: its `far` is called, so whoever waits for its
   * mount waits no more.
   */
  stopWaiting(el: Element): void;
}

/** Watches the viewport of `doc` for the blocks that wait to come near it. */
export function watchViewport(doc: Document): BlockViewport {
  const waiting = new Map<Element, { go: () => void; far: () => void }>();
  const view = doc.defaultView;
  /** How far a block is from the screen, in px (0 on it), from the box the observer measured. */
  const away = (e: IntersectionObserverEntry) =>
    Math.max(0, e.boundingClientRect.top - (view?.innerHeight ?? 0), -e.boundingClientRect.bottom);
  const near =
    typeof IntersectionObserver != 'undefined' &&
    new IntersectionObserver(
      (entries) => {
        for (const e of [...entries].sort((a, b) => away(a) - away(b))) {
          const block = waiting.get(e.target);
          if (!block) continue;
          if (!e.isIntersecting) {
            block.far();
            continue;
          }
          // Let go once: the block leaves the observer and the waiting list together.
          waiting.delete(e.target);
          (near as IntersectionObserver).unobserve(e.target);
          block.go();
        }
      },
      { rootMargin: NEAR_MARGIN },
    );

  return {
    nearby: (el, far) =>
      new Promise<void>((go) => {
        if (!near) return go();
        waiting.set(el, { go, far });
        near.observe(el);
      }),
    stopWaiting(el) {
      const block = waiting.get(el);
      if (!block || !near) return;
      waiting.delete(el);
      near.unobserve(el);
      block.far();
    },
  };
}
