/**
 * What a product listing shows of an item besides its title and prices (spec 001 §3 "Item or
 * collection"): its page, its excerpt and its main image, read as untrusted input into the
 * package's `parseProductItem`, so a theme's listing needs no second copy of the raw JSON. The
 * script tag's widgets read their items with `parseItemForSale` (./product.ts), which leaves these
 * out: a product page's start carries no reader of what it never shows.
 */
import { isRecord, notesInto, ok, readObject, schema, type Result } from '../result.js';
import { pageOrImageUrl, siteOrWebUrl } from '../urls.js';
import { parseItemForSale, readImage, type ParseProductOptions, type ProductItem } from './product.js';

/** Worded as the item parser words a refused URL. */
const A_USABLE_URL = 'a usable URL';

const LISTING = schema({
  // A link: a page on this site or an http(s) address, never a picture's data.
  fullUrl: { read: siteOrWebUrl, expected: A_USABLE_URL },
  // The platform sends the excerpt as HTML text, or as an object holding it.
  excerpt: {
    read: (v) => {
      const html = isRecord(v) ? v['html'] : v;
      return typeof html === 'string' ? html : null;
    },
    expected: 'HTML text',
  },
  mainImage: { read: readImage },
  assetUrl: { read: pageOrImageUrl, expected: A_USABLE_URL },
});

/**
 * Parses a product item (spec 001 §3): what the widgets sell by (`parseItemForSale`, whose rules
 * apply: without an id, a structuredContent object with a known productType and a variants list
 * the item fails) and what a listing shows: `fullUrl`, `excerpt` and `mainImage` (else the item's
 * own `assetUrl`). The page is kept only as a path on this site or an http(s) address
 * (`siteOrWebUrl`), an image as a variant's is (`pageOrImageUrl`, src/urls.ts); any field that
 * cannot be used is left out and noted in `options.dropped`.
 */
export function parseProductItem(raw: unknown, options: ParseProductOptions = {}): Result<ProductItem> {
  const item = parseItemForSale(raw, options);
  if (!item.ok || !isRecord(raw)) return item;
  const { assetUrl, ...listing } = readObject(raw, LISTING, '', notesInto(options.dropped ?? []));
  // The item's own `assetUrl` is its main image when it has no `mainImage` to use.
  const mainImage = listing.mainImage ?? (assetUrl === undefined ? undefined : { assetUrl });
  return ok({ ...item.value, ...listing, ...(mainImage && { mainImage }) });
}
