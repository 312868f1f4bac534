/**
 * A product listing rendered by our template engine from the demo catalogue
 * (demo/server/seed-catalog.json), with the page context in the platform's own shapes: the
 * merchandising context keyed by product id with scarcity and restock view lists and the
 * `{qtyInStock}` placeholder, the localized strings and the store settings. Shared by the unit test
 * that feeds the blocks to the widgets and the browser test that mounts them from a served page.
 */
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CONTEXT_SCRIPT_ID } from '../../../src/contract';
import { render } from '../../../src/template/index';

const here = dirname(fileURLToPath(import.meta.url));

interface SeedVariant {
  id?: string;
  attributes?: Record<string, string>;
  qtyInStock?: number;
  unlimited?: boolean;
}
interface SeedItem {
  id: string;
  title?: string;
  structuredContent: { variants?: SeedVariant[] };
}

export const CATALOG = JSON.parse(
  readFileSync(resolve(here, '../../../demo/server/seed-catalog.json'), 'utf8'),
) as SeedItem[];

/** The merchandising context the platform renders with, for one product. */
function merchandisingOf(item: SeedItem): Record<string, unknown> {
  const variants = item.structuredContent.variants ?? [];
  const low = variants.filter((v) => !v.unlimited && (v.qtyInStock ?? 0) > 0 && (v.qtyInStock ?? 0) < 5);
  return {
    customSoldOutText: 'Back soon',
    scarcityEnabled: true,
    scarcityShownByDefault: false,
    scarcityText: 'Only {qtyInStock} left in stock!',
    scarcityTemplateViews: [
      ...low.map((v) => ({ attributes: v.attributes ?? {}, qtyInStock: v.qtyInStock })),
      { qtyInStock: variants.reduce((n, v) => n + (v.qtyInStock ?? 0), 0) },
    ],
    restockNotificationViews: variants
      .filter((v) => v.id !== undefined)
      .map((v) => ({ variantId: v.id, hiddenByDefault: true })),
    restockNotificationMessages: {
      CTAText: 'Tell me when it is back',
      placeholderText: 'Email address',
      buttonText: 'Notify me',
      mailingListDescription: 'Join our mailing list',
    },
    mailingListSignUpEnabled: true,
    mailingListOptInByDefault: false,
  };
}

/** The JSON a product listing page is rendered from. */
export function listingJson(items: readonly SeedItem[] = CATALOG): Record<string, unknown> {
  return {
    items,
    productMerchandisingContext: Object.fromEntries(items.map((i) => [i.id, merchandisingOf(i)])),
    localizedStrings: {
      productAddToCartText: 'Add To Cart',
      productSoldOutText: 'sold out',
      productQuantityInputLabel: 'Quantity',
      productVariantSelectText: 'Select {variantName}',
    },
    websiteSettings: { storeSettings: { multipleQuantityAllowedForServices: true } },
    website: { useCLDRMoneyFormat: true },
  };
}

/** Each product in its block: the product form, then a restock form for the product. */
export const LISTING_TEMPLATE = [
  '{@|sf-block cart-pill}',
  '{.repeated section items}',
  '<article data-sf-product-block><h2>{title}</h2>',
  '{@|product-price}',
  '{@|sf-block product-form}',
  '{@|sf-block restock-form}',
  '</article>',
  '{.end}',
].join('\n');

/** The listing's body markup, rendered by our engine; throws on any template error. */
export function renderListing(items: readonly SeedItem[] = CATALOG): string {
  const { output, errors } = render(LISTING_TEMPLATE, listingJson(items), { locale: 'en-US' });
  if (errors.length > 0) throw new Error(`template errors: ${JSON.stringify(errors)}`);
  return output;
}

/** A whole page around the listing, as the reference server serves test pages (no inline script). */
export function listingPage(context: Record<string, unknown>): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Engine blocks</title>
<script type="application/json" id="${CONTEXT_SCRIPT_ID}">${JSON.stringify(context).replace(/</g, '\\u003c')}</script>
<script src="/dist/loader.js" defer></script>
</head>
<body>
<main>
${renderListing()}
</main>
</body>
</html>
`;
}
