/**
 * Product page texts (spec 000 §2, §4, §5, §8; spec 001 §4, §5, §9), joined from the modules
 * that hold them by when they are shown: ./product-labels.ts (a product form's first render),
 * ./add.ts (add-to-cart checks), ./fields.ts (additional-fields form), ./instalment.ts and
 * ./subscription.ts. A widget imports the module it shows rather than this one, so a chunk carries
 * only the texts it can show; this joined catalogue is for the shared one and the cart page.
 *
 * Where a spec describes a text without quoting all of it (instalment range, subscription
 * durations), the wording is ours and the module says so in a comment.
 */
import { ADD_MESSAGES } from './add.js';
import { FIELD_MESSAGES } from './fields.js';
import { INSTALMENT_MESSAGES } from './instalment.js';
import { PRODUCT_LABEL_MESSAGES } from './product-labels.js';
import { SUBSCRIPTION_MESSAGES } from './subscription.js';

export { LIKERT_LABEL_KEYS } from './format.js';

export const PRODUCT_MESSAGES = {
  ...PRODUCT_LABEL_MESSAGES,
  ...FIELD_MESSAGES,
  free: 'Free',
  ...ADD_MESSAGES,
  ...INSTALMENT_MESSAGES,
  // The cart page's, below the instalment provider's minimum (spec 000 §5).
  instalmentMinimumSubtotal: 'To check out, your order subtotal must be {subtotal} or more.',
  ...SUBSCRIPTION_MESSAGES,
} as const;
