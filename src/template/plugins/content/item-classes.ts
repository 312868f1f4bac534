/** CSS classes describing a content item (`item-classes`). */
import type { TemplateContext } from '../api';
import { isObject, path, toNumber, truthy } from './json';

/** Content item type code of a store item (spec 001 §3). */
const STORE_ITEM = 11;
const DIGITAL = 2;
const GIFT_CARD = 4;

/** Lower-case, drops anything but letters, digits, spaces and dashes, spaces become dashes. */
export function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9\s-]/g, '')
    .replace(/\s+/g, '-');
}

function variants(item: unknown): readonly unknown[] {
  const list = path(item, 'structuredContent', 'variants');
  return Array.isArray(list) ? list : [];
}

/** Spec 001 §4: physical and service products without unlimited or stocked variants are sold out. */
export function isSoldOut(item: unknown): boolean {
  const type = toNumber(path(item, 'structuredContent', 'productType'));
  if (type === DIGITAL || type === GIFT_CARD) return false;
  return !variants(item).some(
    (v) => path(v, 'unlimited') === true || (toNumber(path(v, 'qtyInStock')) ?? 0) > 0,
  );
}

/** Spec 001 §4: any variant on sale, or a digital product itself on sale. */
export function isOnSale(item: unknown): boolean {
  const type = toNumber(path(item, 'structuredContent', 'productType'));
  if (type === DIGITAL && path(item, 'structuredContent', 'onSale') === true) return true;
  return variants(item).some((v) => path(v, 'onSale') === true);
}

function strings(value: unknown): readonly string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

export function itemClasses(item: unknown, ctx: TemplateContext): string {
  const classes = ['hentry'];
  const node = isObject(item) ? item : {};
  const promoted = node['promotedBlockType'];
  if (typeof promoted === 'string' && promoted !== '') {
    classes.push('promoted', `promoted-block-${slug(promoted)}`);
  }
  for (const c of strings(node['categories'])) classes.push(`category-${slug(c)}`);
  for (const t of strings(node['tags'])) classes.push(`tag-${slug(t)}`);
  const author = path(node, 'author', 'displayName');
  if (typeof author === 'string' && author !== '') classes.push(`author-${slug(author)}`);
  const label = node['recordTypeLabel'];
  if (typeof label === 'string' && label !== '') classes.push(`post-type-${slug(label)}`);
  const index = toNumber(ctx.resolve('@index'));
  if (index !== undefined) classes.push(`article-index-${index}`);
  if (truthy(node['starred'])) classes.push('featured');
  if (toNumber(node['recordType']) === STORE_ITEM) {
    if (isOnSale(node)) classes.push('on-sale');
    if (isSoldOut(node)) classes.push('sold-out');
  }
  return classes.join(' ');
}
