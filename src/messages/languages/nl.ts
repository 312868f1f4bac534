/**
 * Dutch (nl, for nl-NL, nl-BE): the texts a product page shows as its widgets mount, keyed by the
 * English text. The rest of the catalogue is ./nl-more.ts; ../locale.ts explains the split.
 */
const NL: Readonly<Record<string, string>> = {
  // Cart
  item: 'artikel',
  items: 'artikelen',
  'One item in cart': 'Eén artikel in winkelwagen',
  '{count} items in cart': '{count} artikelen in winkelwagen',
  'More than 100 items in cart': 'Meer dan 100 artikelen in winkelwagen',
  // Product
  'Add To Cart': 'In winkelwagen',
  Subscribe: 'Abonneren',
  Purchase: 'Kopen',
  Quantity: 'Aantal',
  'sold out': 'uitverkocht',
  sale: 'sale',
  'Select {variantName}': 'Kies {variantName}',
  'Select Value': 'Kies een waarde',
  Value: 'Waarde',
  // Option names merchants give variants
  Size: 'Maat',
  Color: 'Kleur',
  Colour: 'Kleur',
  Material: 'Materiaal',
  Style: 'Stijl',
  Finish: 'Afwerking',
  Flavor: 'Smaak',
  Flavour: 'Smaak',
  Weight: 'Gewicht',
  Length: 'Lengte',
  Pattern: 'Patroon',
  Format: 'Formaat',
  Roast: 'Branding',
  Grind: 'Maling',
  // Product form
  'Original price': 'Oorspronkelijke prijs',
  Price: 'Prijs',
};

export default NL;

/** The rest of the Dutch catalogue. */
export const more = () => import('./nl-more.js');
