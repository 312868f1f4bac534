/**
 * `data-sf-props` of the product form, parsed once at the edge (the README documents the shape):
 *
 * { "item": <product item, spec 001 §3>, "merchandising"?, "strings"?, "storeSettings"?,
 *   "reviews"?: { "native"?: Review[], "imported"?: Review[] }, "expressCheckout"?, "quickView"? }
 */
import {
  DEFAULT_MERCHANDISING,
  DEFAULT_STORE_SETTINGS,
  parseMerchandising,
  parseProductItem,
  parseStoreSettings,
  type Merchandising,
  type ProductItem,
  type StoreSettings,
} from '../../src/commerce/product.js';
import { fail, isRecord as isObject, ok, type JsonRecord as Obj, type Result } from '../../src/result.js';

export interface Review {
  readonly author: string;
  /** 1 to 5, or null when the review carries no rating. */
  readonly rating: number | null;
  readonly title: string | null;
  readonly body: string;
  /** As given (ISO date or display text); shown as text. */
  readonly date: string | null;
}

export interface ProductReviews {
  readonly native: readonly Review[];
  readonly imported: readonly Review[];
}

export interface ParsedProductFormProps {
  readonly item: ProductItem;
  /**
   * The embedded additional-fields form as sent, when the item carries one. The item parser has
   * already checked it; the form renderer reads it (likert statements included) on first open.
   */
  readonly additionalFieldsForm: Readonly<Record<string, unknown>> | null;
  readonly merchandising: Merchandising;
  readonly storeSettings: StoreSettings;
  /** Text overrides: catalogue keys or the localized-string names of spec 001 §3. */
  readonly strings: Readonly<Record<string, string>>;
  readonly reviews: ProductReviews;
  readonly expressCheckout: boolean;
  readonly quickView: boolean;
}

const present = (v: unknown): boolean => v !== undefined && v !== null;

function parseReviewList(raw: unknown, where: string, issues: string[]): Review[] {
  if (!present(raw)) return [];
  if (!Array.isArray(raw)) {
    issues.push(`${where} is not a list`);
    return [];
  }
  const out: Review[] = [];
  for (const r of raw) {
    // One malformed review should not cost the product its form: it is skipped.
    if (!isObject(r) || typeof r.body !== 'string' || r.body.trim() === '') continue;
    const rating =
      typeof r.rating === 'number' && Number.isFinite(r.rating)
        ? Math.min(5, Math.max(1, Math.round(r.rating)))
        : null;
    out.push({
      author: typeof r.author === 'string' ? r.author : '',
      rating,
      title: typeof r.title === 'string' && r.title.trim() !== '' ? r.title : null,
      body: r.body,
      date: typeof r.date === 'string' && r.date.trim() !== '' ? r.date : null,
    });
  }
  return out;
}

function parseStrings(raw: unknown, issues: string[]): Record<string, string> {
  if (!present(raw)) return {};
  if (!isObject(raw)) {
    issues.push('strings is not an object');
    return {};
  }
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(raw)) {
    if (typeof value === 'string' && value.trim() !== '') out[key] = value;
  }
  // The localized-strings object of spec 001 §3 carries its likert labels keyed -2 to 2.
  const likert = raw.likertLabels;
  if (isObject(likert)) {
    const keys = {
      '-2': 'likertStronglyDisagree',
      '-1': 'likertDisagree',
      '0': 'likertNeutral',
      '1': 'likertAgree',
      '2': 'likertStronglyAgree',
    } as const;
    for (const [value, key] of Object.entries(keys)) {
      const label = likert[value];
      if (typeof label === 'string' && label.trim() !== '') out[key] = label;
    }
  }
  return out;
}

const readFlag = (raw: Obj, key: string, issues: string[]): boolean => {
  const v = raw[key];
  if (!present(v)) return false;
  if (typeof v === 'boolean') return v;
  issues.push(`${key} is not a boolean`);
  return false;
};

/**
 * Parses the product form's props. Only an unusable item fails (nothing to sell); any other field
 * that cannot be used is left out with a note in `dropped`, which the mount reports once, and the
 * form mounts with the rest.
 */
export function parseProductFormProps(raw: unknown, dropped: string[] = []): Result<ParsedProductFormProps> {
  if (!isObject(raw)) return fail(['product-form props must be an object']);
  const item = parseProductItem(raw.item, { dropped });
  if (!item.ok) return fail(item.issues.map((i) => `item: ${i}`));

  const rawMerch = raw.merchandising;
  const keyed = isObject(rawMerch) && Object.prototype.hasOwnProperty.call(rawMerch, item.value.id);
  const merchandising = parseMerchandising(rawMerch, keyed ? item.value.id : undefined, dropped);
  const storeSettings = parseStoreSettings(raw.storeSettings, dropped);

  const sc = isObject(raw.item) && isObject(raw.item.structuredContent) ? raw.item.structuredContent : {};
  const additionalFieldsForm = isObject(sc.additionalFieldsForm) ? sc.additionalFieldsForm : null;

  const strings = parseStrings(raw.strings, dropped);
  let reviews: ProductReviews = { native: [], imported: [] };
  if (present(raw.reviews)) {
    if (isObject(raw.reviews)) {
      reviews = {
        native: parseReviewList(raw.reviews.native, 'reviews.native', dropped),
        imported: parseReviewList(raw.reviews.imported, 'reviews.imported', dropped),
      };
    } else {
      dropped.push('reviews is not an object');
    }
  }
  const expressFlag = readFlag(raw, 'expressCheckout', dropped);
  const quickView = readFlag(raw, 'quickView', dropped);

  const settings = storeSettings.ok ? storeSettings.value : DEFAULT_STORE_SETTINGS;
  return ok({
    item: item.value,
    additionalFieldsForm,
    merchandising: merchandising.ok ? merchandising.value : DEFAULT_MERCHANDISING,
    storeSettings: settings,
    strings,
    reviews,
    expressCheckout: expressFlag || settings.expressCheckout,
    quickView,
  });
}
