import { useEffect, useMemo, useRef, useState } from 'react';
import { FEATURE_FLAGS } from '../../src/constants.js';
import { track } from '../../src/page/analytics.js';
import { siteFlags } from '../../src/page/flags.js';
import { pageState } from '../../src/page/page-state.js';
import { useStorefront, useWidgetId } from '../../src/react/provider.js';
import type { ProductFormMessages } from './messages.js';
import type { ReviewLists } from './props.js';
import { readReviews } from './review-list.js';
import type { ReviewsSection as ReviewsSectionType } from './reviews.js';

export interface ReviewsGateProps {
  readonly itemId: string;
  /** As given: the gate reads each review (./review-list.ts). */
  readonly reviews: ReviewLists;
  readonly m: ProductFormMessages;
  /** The page's text overrides, for the list's texts. @default none */
  readonly overrides?: Readonly<Record<string, string>> | undefined;
  readonly native: boolean;
  readonly imported: boolean;
}

/** Fragment of the page address that leads to an item's reviews: `#sf-reviews-<itemId>`. */
export const reviewsAnchor = (itemId: string): string => `sf-reviews-${itemId}`;

/**
 * The reviews "tab": a disclosure whose list (and its code) loads when first opened. Nothing when
 * the review kill switch is on (spec 000 §6), an address override included, or when no review the
 * block sent can be shown. A link to `#sf-reviews-<itemId>` (a rating summary's, on this page or
 * another) opens it and counts as the commerce shopping event ReviewsVitalsAnchorLink.
 */
export function ReviewsGate({ itemId, reviews: lists, m, overrides, native, imported }: ReviewsGateProps) {
  const { context } = useStorefront();
  const reviews = useMemo(() => readReviews(lists), [lists]);
  // Spec 001 §9's review flags gate each kind the site settings show; a flag the platform does
  // not define leaves its kind on (docs/decisions.md).
  const [flagged] = useState(() => {
    const flags = siteFlags(context.features);
    return {
      native: flags.toggle(FEATURE_FLAGS.nativeProductReviews, true).value,
      imported: flags.toggle(FEATURE_FLAGS.importedProductReviews, true).value,
      killed: flags.toggle(FEATURE_FLAGS.reviewRenderingKillSwitch).value,
    };
  });
  const showNative = native && flagged.native;
  const showImported = imported && flagged.imported;
  const count = (showNative ? reviews.native.length : 0) + (showImported ? reviews.imported.length : 0);
  const id = useWidgetId();
  const [open, setOpen] = useState(false);
  const [Section, setSection] = useState<typeof ReviewsSectionType | null>(null);
  const section = useRef<HTMLElement>(null);
  // Nothing when the switch is on, or when no review the page sent can be shown.
  const hidden = flagged.killed || count === 0;

  // The list's code loads on the first open (a failed load is tried again on the next).
  const show = () => {
    if (!Section) {
      import('./reviews.js').then(
        (mod) => setSection(() => mod.ReviewsSection),
        () => undefined,
      );
    }
    setOpen(true);
  };

  useEffect(() => {
    if (hidden) return undefined;
    let seen: string | null = null;
    const follow = (event?: Event) => {
      // A hashchange to the address already followed (some environments report replaceState as
      // one) is no new link.
      if (window.location.hash === seen) return;
      seen = window.location.hash;
      let target = '';
      try {
        target = decodeURIComponent(window.location.hash.slice(1));
      } catch {
        // A fragment that is not percent-encoding names no item's reviews.
      }
      if (target !== reviewsAnchor(itemId)) return;
      // A link followed on the page counts each time; the address the page arrived with counts
      // once, however often a section of the item mounts (a remount, a quick view's form).
      // The items counted so are the page's (src/page/page-state.ts).
      const counted = (pageState().reviewArrivals ??= new Set());
      if (event || !counted.has(itemId)) track({ type: 'reviews-anchor-link', itemId });
      counted.add(itemId);
      show();
      section.current?.scrollIntoView();
    };
    follow();
    window.addEventListener('hashchange', follow);
    return () => window.removeEventListener('hashchange', follow);
    // Once per item: `show` reads state through its setters only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [itemId, hidden]);

  if (hidden) return null;
  return (
    <section
      ref={section}
      id={reviewsAnchor(itemId)}
      className="sf-reviews"
      aria-labelledby={`${id}-reviews-heading`}
    >
      {/* A heading holds the toggle, so each review's h3 sits under an h2 (disclosure pattern). */}
      <h2 className="sf-reviews__heading" id={`${id}-reviews-heading`}>
        <button
          type="button"
          className="sf-reviews__toggle"
          aria-expanded={open}
          aria-controls={`${id}-reviews`}
          onClick={() => {
            if (open) return setOpen(false);
            track({ type: 'reviews-tab', itemId });
            show();
          }}
        >
          {m.t('reviewsCount', { count })}
        </button>
      </h2>
      <div id={`${id}-reviews`} hidden={!open}>
        {open && Section && (
          <Section
            native={showNative ? reviews.native : []}
            imported={showImported ? reviews.imported : []}
            overrides={overrides}
          />
        )}
      </div>
    </section>
  );
}
