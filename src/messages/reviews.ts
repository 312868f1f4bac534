/**
 * The product form's reviews toggle text (ours: spec 001 §7 does not quote it), shared by the
 * widget (widgets/product-form/messages.ts) and its server-rendered fallback
 * (src/template/plugins/commerce/sf-block.ts), which shows the same toggle before the widget mounts.
 */
export const REVIEWS_COUNT_MESSAGES = {
  reviewsCount: 'Reviews ({count})',
} as const;
