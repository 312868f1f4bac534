/**
 * Where a sold-out choice's restock sign-up goes (spec 000 §2): a restock-form block inside the
 * product form, mounted by the page like any block, with the sign-up's own merchandising.
 */
import { PROPS_ATTR, WIDGET_ATTR } from '../../src/contract.js';
import type { Merchandising } from '../../src/commerce/merchandising.js';

export function RestockSlot({
  productId,
  variantId,
  merchandising,
}: {
  readonly productId: string;
  readonly variantId: string;
  readonly merchandising: Merchandising;
}) {
  return (
    <div
      className="sf-product-form__restock"
      // The server-rendered sign-up stays in place until the restock form mounts over it.
      ref={(slot) => {
        // Its fallback, still in place, comes first; without one the first slot is this one.
        const served = slot
          ?.closest(`[${WIDGET_ATTR}="product-form"]`)
          ?.querySelector('.sf-product-form__restock');
        if (slot && served && !slot.hasChildNodes()) slot.append(...served.childNodes);
      }}
      {...{
        [WIDGET_ATTR]: 'restock-form',
        [PROPS_ATTR]: JSON.stringify({
          productId,
          variantId,
          // The sign-up's own merchandising (docs/widgets/restock-form.md); absent, its defaults.
          ...(merchandising.mailingListSignUpEnabled && {
            mailingListSignUpEnabled: true,
            mailingListOptInByDefault: merchandising.mailingListOptInByDefault,
          }),
          ...(Object.keys(merchandising.restockNotificationMessages).length > 0 && {
            strings: merchandising.restockNotificationMessages,
          }),
        }),
      }}
    />
  );
}
