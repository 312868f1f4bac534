import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { productFormMessages } from '../../../widgets/product-form/messages.js';
import { ReviewsGate } from '../../../widgets/product-form/reviews-gate.js';
import { reviewDate } from '../../../widgets/product-form/reviews.js';
import type { ProductReviews } from '../../../widgets/product-form/props.js';
import { renderWithStorefront } from '../fixtures.js';

afterEach(cleanup);

const reviews: ProductReviews = {
  native: [
    { author: 'Ann', rating: 5, title: 'Great', body: 'Soft and warm.', date: '2026-10-01' },
    { author: 'Bo', rating: null, title: null, body: 'Fine.', date: 'last spring' },
  ],
  imported: [],
};

function renderReviews(locale = 'en-US') {
  return renderWithStorefront(
    <ReviewsGate itemId="mug" reviews={reviews} m={productFormMessages()} native imported={false} />,
    { context: { locale, reviews: { native: true, imported: false } } },
  );
}

describe('reviews section', () => {
  it('puts the toggle in an h2, so each review title h3 has a heading above it', async () => {
    const { user } = renderReviews();
    const heading = screen.getByRole('heading', { level: 2, name: 'Reviews (2)' });
    const toggle = within(heading).getByRole('button', { name: 'Reviews (2)' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(await screen.findByRole('heading', { level: 3, name: 'Great' })).toBeInstanceOf(HTMLElement);
    expect(screen.getByRole('region', { name: 'Reviews (2)' })).toBeInstanceOf(HTMLElement);
  });

  it('writes dates in the site locale and keeps display text as given', async () => {
    const { user } = renderReviews('fr-CA');
    await user.click(screen.getByRole('button', { name: 'Reviews (2)' }));
    const date = await screen.findByText('1 octobre 2026');
    expect(date.tagName).toBe('TIME');
    expect(date.getAttribute('datetime')).toBe('2026-10-01');
    expect(screen.getByText(/last spring/).textContent).toContain('last spring');
  });
});

describe('reviewDate', () => {
  it.each([
    ['2026-10-01', 'en-US', 'America/New_York', 'October 1, 2026'],
    ['2026-10-01', 'en-GB', 'Pacific/Auckland', '1 October 2026'],
    ['2026-10-01T02:00:00Z', 'en-US', 'America/Los_Angeles', 'September 30, 2026'],
    ['yesterday', 'en-US', 'UTC', 'yesterday'],
  ])('%s in %s (%s) reads %s', (date, locale, zone, text) => {
    expect(reviewDate(date, locale, zone).text).toBe(text);
  });
});
