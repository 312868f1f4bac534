/**
 * German (de, for de-DE, de-AT, de-CH, …): the texts a product page shows as its widgets mount,
 * keyed by the English text. The rest of the catalogue is ./de-more.ts; ../locale.ts explains the
 * split.
 */
const DE: Readonly<Record<string, string>> = {
  // Cart
  item: 'Artikel',
  items: 'Artikel',
  'One item in cart': '1 Artikel im Warenkorb',
  '{count} items in cart': '{count} Artikel im Warenkorb',
  'More than 100 items in cart': 'Mehr als 100 Artikel im Warenkorb',
  // Product
  'Add To Cart': 'In den Warenkorb',
  Subscribe: 'Abonnieren',
  Purchase: 'Kaufen',
  Quantity: 'Menge',
  'sold out': 'ausverkauft',
  sale: 'Sale',
  'Select {variantName}': '{variantName} auswählen',
  'Select Value': 'Wert auswählen',
  Value: 'Wert',
  // Option names merchants give variants
  Size: 'Größe',
  Color: 'Farbe',
  Colour: 'Farbe',
  Material: 'Material',
  Style: 'Stil',
  Finish: 'Ausführung',
  Flavor: 'Geschmack',
  Flavour: 'Geschmack',
  Weight: 'Gewicht',
  Length: 'Länge',
  Pattern: 'Muster',
  Format: 'Format',
  Roast: 'Röstung',
  Grind: 'Mahlgrad',
  // Product form
  'Original price': 'Ursprünglicher Preis',
  Price: 'Preis',
};

export default DE;

/** The rest of the German catalogue. */
export const more = () => import('./de-more.js');
