// Forwards the storefront's pixel events (`sf:pixel` on document) to a marketing pixel's `fbq`.
// Put it after the pixel's own snippet. The storefront gives money in minor units (2500 for
// $25.00); the pixel takes the currency's major units.
document.addEventListener('sf:pixel', (event) => {
  const { event: name, data = {} } = event.detail ?? {};
  if (typeof window.fbq !== 'function' || typeof name !== 'string') return;
  const params = { ...data };
  // One event id per order: the pixel drops a second Purchase of the same order.
  const options = name === 'Purchase' ? { eventID: `purchase-${data.orderId}` } : {};
  try {
    if (name === 'Purchase' && typeof data.value === 'number' && typeof data.currency === 'string') {
      const money = new Intl.NumberFormat('en', { style: 'currency', currency: data.currency });
      params.value = data.value / 10 ** money.resolvedOptions().maximumFractionDigits;
    }
    window.fbq('track', name, params, options);
  } catch {
    // The pixel's failure is the pixel's, never the page's.
  }
});
