import { useState } from 'react';
import { track } from '../../src/page/analytics.js';
import { useWidgetId } from '../../src/react/provider.js';
import type { ProductFormMessages } from './messages.js';
import type { ProductReviews } from './props.js';
import type { ReviewsSection as ReviewsSectionType } from './reviews.js';

export interface ReviewsGateProps {
  readonly itemId: string;
  readonly reviews: ProductReviews;
  readonly m: ProductFormMessages;
  /** The page's text overrides, for the list's texts. @default none */
  readonly overrides?: Readonly<Record<string, string>> | undefined;
  readonly native: boolean;
  readonly imported: boolean;
}

/** The reviews "tab": a disclosure whose list (and its code) loads when first opened. */
export function ReviewsGate({ itemId, reviews, m, overrides, native, imported }: ReviewsGateProps) {
  const id = useWidgetId();
  const [open, setOpen] = useState(false);
  const [Section, setSection] = useState<typeof ReviewsSectionType | null>(null);
  const count = (native ? reviews.native.length : 0) + (imported ? reviews.imported.length : 0);
  return (
    <section className="sf-reviews" aria-labelledby={`${id}-reviews-heading`}>
      {/* A heading holds the toggle, so each review's h3 sits under an h2 (disclosure pattern). */}
      <h2 className="sf-reviews__heading" id={`${id}-reviews-heading`}>
        <button
          type="button"
          className="sf-reviews__toggle"
          aria-expanded={open}
          aria-controls={`${id}-reviews`}
          onClick={() => {
            if (!open) {
              track({ type: 'reviews-tab', itemId });
              // The list's code loads on the first open (a failed load is tried again on the next).
              if (!Section) {
                import('./reviews.js').then(
                  (mod) => setSection(() => mod.ReviewsSection),
                  () => undefined,
                );
              }
            }
            setOpen(!open);
          }}
        >
          {m.t('reviewsCount', { count })}
        </button>
      </h2>
      <div id={`${id}-reviews`} hidden={!open}>
        {open && Section && (
          <Section
            native={native ? reviews.native : []}
            imported={imported ? reviews.imported : []}
            overrides={overrides}
          />
        )}
      </div>
    </section>
  );
}
