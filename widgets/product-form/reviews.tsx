/**
 * The reviews list, loaded on first open of the reviews section (spec 001 §7: reviews are a lazy
 * chunk). Everything is rendered as text: reviews are visitor-written.
 */
import type { ProductFormMessages } from './messages.js';
import type { Review } from './props.js';

export interface ReviewsSectionProps {
  readonly native: readonly Review[];
  readonly imported: readonly Review[];
  readonly m: ProductFormMessages;
}

function ReviewList({
  reviews,
  m,
  label,
}: {
  reviews: readonly Review[];
  m: ProductFormMessages;
  label: string;
}) {
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
                  <time>{r.date}</time>
                </>
              )}
            </p>
          )}
        </li>
      ))}
    </ul>
  );
}

export function ReviewsSection({ native, imported, m }: ReviewsSectionProps) {
  return (
    <>
      {native.length > 0 && <ReviewList reviews={native} m={m} label={m.t('reviews')} />}
      {imported.length > 0 && <ReviewList reviews={imported} m={m} label={m.t('importedReviews')} />}
    </>
  );
}

export default ReviewsSection;
