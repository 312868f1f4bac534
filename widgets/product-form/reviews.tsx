/**
 * The reviews list, loaded on first open of the reviews section (spec 001 §7: reviews are a lazy
 * chunk). Everything is rendered as text: reviews are visitor-written.
 */
import { useMemo } from 'react';
import { createMessages, type Messages } from '../../src/messages/format.js';
import { useStorefront } from '../../src/react/provider.js';
import type { Review } from './props.js';

/**
 * The list's texts (ours), loaded with it rather than with the form; the page's `strings` override
 * them as they do the form's own (widgets/product-form/messages.ts).
 */
export const REVIEW_MESSAGES = {
  reviews: 'Reviews',
  importedReviews: 'More reviews',
  reviewRating: '{rating} out of 5 stars',
  reviewBy: '{author}',
  reviewStarFull: '★',
  reviewStarEmpty: '☆',
  reviewMetaSeparator: ' · ',
} as const;

type ReviewMessages = Messages<keyof typeof REVIEW_MESSAGES>;

const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A review date in the site's locale: a plain day (`2026-10-01`) as that day wherever the visitor
 * is, a full timestamp in the site's time zone; display text that is no date stays as written.
 */
export function reviewDate(
  date: string,
  locale: string,
  timeZone: string,
): { text: string; iso: string | null } {
  const day = DAY_RE.test(date);
  const when = new Date(day ? `${date}T00:00:00Z` : date);
  if (Number.isNaN(when.getTime())) return { text: date, iso: null };
  try {
    const text = new Intl.DateTimeFormat(locale, {
      dateStyle: 'long',
      timeZone: day ? 'UTC' : timeZone,
    }).format(when);
    return { text, iso: day ? date : when.toISOString() };
  } catch {
    return { text: date, iso: null };
  }
}

export interface ReviewsSectionProps {
  readonly native: readonly Review[];
  readonly imported: readonly Review[];
  /** The page's text overrides. @default none */
  readonly overrides?: Readonly<Record<string, string>> | undefined;
}

function ReviewList({ reviews, m, label }: { reviews: readonly Review[]; m: ReviewMessages; label: string }) {
  const { context } = useStorefront();
  return (
    <ul className="sf-reviews__list" aria-label={label}>
      {reviews.map((r, i) => (
        <li key={i} className="sf-review">
          {r.rating !== null && (
            <p
              className="sf-review__rating"
              role="img"
              aria-label={m.t('reviewRating', { rating: r.rating })}
            >
              {m.t('reviewStarFull').repeat(r.rating)}
              {m.t('reviewStarEmpty').repeat(5 - r.rating)}
            </p>
          )}
          {r.title !== null && <h3 className="sf-review__title">{r.title}</h3>}
          <p className="sf-review__body">{r.body}</p>
          {(r.author !== '' || r.date !== null) && (
            <p className="sf-review__author">
              {r.author !== '' && m.t('reviewBy', { author: r.author })}
              {r.date !== null && (
                <>
                  {r.author !== '' && m.t('reviewMetaSeparator')}
                  <ReviewDate date={r.date} locale={context.locale} timeZone={context.timeZone} />
                </>
              )}
            </p>
          )}
        </li>
      ))}
    </ul>
  );
}

function ReviewDate({ date, locale, timeZone }: { date: string; locale: string; timeZone: string }) {
  const { text, iso } = reviewDate(date, locale, timeZone);
  return iso === null ? <span>{text}</span> : <time dateTime={iso}>{text}</time>;
}

export function ReviewsSection({ native, imported, overrides }: ReviewsSectionProps) {
  const m = useMemo(() => createMessages(overrides, REVIEW_MESSAGES), [overrides]);
  return (
    <>
      {native.length > 0 && <ReviewList reviews={native} m={m} label={m.t('reviews')} />}
      {imported.length > 0 && <ReviewList reviews={imported} m={m} label={m.t('importedReviews')} />}
    </>
  );
}

export default ReviewsSection;
