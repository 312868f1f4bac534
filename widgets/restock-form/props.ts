import type { VariantChangeDetail } from '../../src/contract.js';
import { fail, isRecord, ok, readBoolean, readStringEntries, type Result } from '../../src/result.js';

/**
 * `data-sf-props` of the restock form: `{ "productId", "variantId"? }` (docs/widgets/restock-form.md),
 * plus what the product's merchandising says about the mailing list and the texts.
 */
export interface RestockFormProps {
  /** The product to sign up for. */
  readonly productId: string;
  /** Its variant id (or sku); absent for a single-variant product. @default none */
  readonly variantId?: string | undefined;
  /** Show the join-mailing-list checkbox. @default false */
  readonly mailingListSignUpEnabled?: boolean | undefined;
  /** Tick the checkbox from the start. @default false */
  readonly mailingListOptInByDefault?: boolean | undefined;
  /**
   * Text overrides by catalogue key (widgets/restock-form/messages.ts) or by the platform's
   * `restockNotificationMessages` names (`CTAText`, `placeholderText`, `buttonText`,
   * `mailingListDescription`).
   * @default {}
   */
  readonly strings?: Readonly<Record<string, string>> | undefined;
}

/** Ids arrive as strings, sometimes as numbers; anything else is no id. */
const idOf = (v: unknown): string | undefined =>
  typeof v === 'string' && v.trim() !== ''
    ? v.trim()
    : typeof v === 'number' && Number.isSafeInteger(v)
      ? String(v)
      : undefined;

const stringsOf = (v: unknown): Record<string, string> => readStringEntries(v) ?? {};

/**
 * Parses the block's props. `productId` is required. The mailing-list switches are read at the top
 * level or, in the platform's shape, under `merchandising`; the texts under `strings` or
 * `merchandising.restockNotificationMessages`. A field of the wrong type is dropped, not fatal.
 */
export function parseRestockFormProps(raw: unknown): Result<RestockFormProps> {
  if (!isRecord(raw)) return fail(['restock-form props must be an object with a productId']);
  const productId = idOf(raw.productId);
  if (productId === undefined) return fail(['restock-form props: "productId" must be a non-empty string']);
  const variantId = idOf(raw.variantId);
  const merchandising = isRecord(raw.merchandising) ? raw.merchandising : {};
  const flag = (key: 'mailingListSignUpEnabled' | 'mailingListOptInByDefault'): boolean | undefined =>
    readBoolean(raw[key]) ?? readBoolean(merchandising[key]) ?? undefined;
  const signUp = flag('mailingListSignUpEnabled');
  const optIn = flag('mailingListOptInByDefault');
  const strings = { ...stringsOf(merchandising['restockNotificationMessages']), ...stringsOf(raw.strings) };
  return ok({
    productId,
    ...(variantId !== undefined && { variantId }),
    ...(signUp !== undefined && { mailingListSignUpEnabled: signUp }),
    ...(optIn !== undefined && { mailingListOptInByDefault: optIn }),
    ...(Object.keys(strings).length > 0 && { strings }),
  });
}

/** What the restock form reads of an announced variant: its id and its stock. */
export interface AnnouncedVariant {
  /** The id to sign up with (the variant's id, else its sku). */
  readonly variantId: string | null;
  readonly unlimited: boolean;
  readonly qtyInStock: number;
}

/**
 * Reads an `sf:variant-change` detail (untrusted: themes may dispatch it too) for this product.
 * Null when it is about another product or does not read; `{ variant: null }` for an incomplete
 * choice.
 */
export function parseVariantChange(
  productId: string,
  detail: unknown,
): { readonly variant: AnnouncedVariant | null } | null {
  if (!isRecord(detail) || idOf(detail.itemId) !== productId) return null;
  const v = (detail as Partial<Record<keyof VariantChangeDetail, unknown>>).variant;
  if (v === null || v === undefined) return { variant: null };
  if (!isRecord(v)) return null;
  const qty = v.qtyInStock;
  return {
    variant: {
      variantId: idOf(v.id) ?? idOf(v.sku) ?? null,
      unlimited: v.unlimited === true,
      qtyInStock: typeof qty === 'number' && Number.isFinite(qty) ? qty : 0,
    },
  };
}
