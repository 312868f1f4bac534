/**
 * The product block's variant image following the chosen variant: loaded by the product form
 * (./index.ts) with the first variant that changes the image.
 */
import type { Variant } from '../../src/commerce/product.js';
import { VARIANT_IMAGE_ATTR } from '../../src/contract.js';

/** The image attributes a variant's image replaces. */
const SERVED_ATTRS = ['src', 'srcset', 'alt'] as const;

/**
 * Returns a callback that shows a variant's image in `img`, and puts the server-rendered image
 * (as it is now) back when no variant (or one without an image) is chosen.
 */
export function variantImageSwitcher(img: HTMLImageElement): (variant: Variant | null) => void {
  // The server-rendered values, null for an attribute the image did not have.
  const original = SERVED_ATTRS.map((attr) => img.getAttribute(attr));
  return (variant) => {
    // imageUrl went through the item parser's URL check (http(s), paths and data images only).
    const url = variant?.imageUrl;
    if (url) {
      img.setAttribute('src', url);
      img.removeAttribute('srcset');
      // Its own alt, else the product's (the server's): never the last variant's, which names
      // another picture.
      const alt = variant?.mainImage?.altText || original[2];
      if (alt == null) img.removeAttribute('alt');
      else img.setAttribute('alt', alt);
      img.setAttribute(VARIANT_IMAGE_ATTR, variant?.sku ?? '');
    } else {
      SERVED_ATTRS.forEach((attr, i) => {
        const value = original[i];
        if (value == null) img.removeAttribute(attr);
        else img.setAttribute(attr, value);
      });
      img.setAttribute(VARIANT_IMAGE_ATTR, '');
    }
  };
}
