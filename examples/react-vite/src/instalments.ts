import { parseInstalmentContext } from 'storefront-widgets';

/** The instalment provider's terms for this shop (spec 000 §3): $20.00 to $1,000.00 in the US. */
export const instalments = parseInstalmentContext({
  afterPayAvailable: true,
  afterPayMin: { value: '20.00', currency: 'USD' },
  afterPayMax: { value: '1000.00', currency: 'USD' },
  shopperLanguage: 'en-US',
  stripeAccountCountry: 'US',
});
