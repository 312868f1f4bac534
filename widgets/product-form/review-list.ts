/**
 * The reviews a block sent, read when the reviews section's code loads (./reviews-gate.tsx) rather
 * than with the form: reviews are visitor-written, each is shown as text, and one that cannot be
 * shown (no body) is left out without costing the product its form or its other reviews.
 */
import { isRecord, readString } from '../../src/result.js';
import { nonBlank, type ProductReviews, type Review, type ReviewLists } from './props.js';

const review = (raw: unknown): Review[] =>
  isRecord(raw) && nonBlank(raw['body']) !== null
    ? [
        {
          author: readString(raw['author']) ?? '',
          rating:
            typeof raw['rating'] === 'number' && Number.isFinite(raw['rating'])
              ? Math.min(5, Math.max(1, Math.round(raw['rating'])))
              : null,
          title: nonBlank(raw['title']),
          body: raw['body'] as string,
          date: nonBlank(raw['date']),
        },
      ]
    : [];

/** Both lists, each review that can be shown as a {@link Review}. */
export const readReviews = (lists: ReviewLists): ProductReviews => ({
  native: lists.native.flatMap(review),
  imported: lists.imported.flatMap(review),
});
