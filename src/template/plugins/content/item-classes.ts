/** CSS classes describing a content item (`item-classes`). */
import { isOnSale, isSoldOut } from '../../../commerce/product-state';
import type { TemplateContext } from '../api';
import { productFacts } from '../commerce/product';
import { isObject, path, toNumber, truthy } from './json';

/** Content item type code of a store item (spec 001 §3). */
const STORE_ITEM = 11;

/** Lower-case, drops anything but letters, digits, spaces and dashes, spaces become dashes. */
export function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9\s-]/g, '')
    .replace(/\s+/g, '-');
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
    // The product's state as on-sale? and sold-out? read it. Both classes, as the platform's pages
    // print them (the conformance corpus, f-item-classes-1); product-status is where sold out wins.
    const facts = productFacts(node);
    if (isOnSale(facts)) classes.push('on-sale');
    if (isSoldOut(facts)) classes.push('sold-out');
  }
  return classes.join(' ');
}
