/**
 * Italian (it, for it-IT, it-CH): the texts a product page shows as its widgets mount, keyed by the
 * English text. The rest of the catalogue is ./it-more.ts; ../locale.ts explains the split.
 */
const IT: Readonly<Record<string, string>> = {
  // Cart
  item: 'articolo',
  items: 'articoli',
  'One item in cart': 'Un articolo nel carrello',
  '{count} items in cart': '{count} articoli nel carrello',
  'More than 100 items in cart': 'Più di 100 articoli nel carrello',
  // Product
  'Add To Cart': 'Aggiungi al carrello',
  Subscribe: 'Abbonati',
  Purchase: 'Acquista',
  Quantity: 'Quantità',
  'sold out': 'esaurito',
  sale: 'saldi',
  'Select {variantName}': 'Seleziona {variantName}',
  'Select Value': 'Seleziona un valore',
  Value: 'Valore',
  // Option names merchants give variants
  Size: 'Taglia',
  Color: 'Colore',
  Colour: 'Colore',
  Material: 'Materiale',
  Style: 'Stile',
  Finish: 'Finitura',
  Flavor: 'Gusto',
  Flavour: 'Gusto',
  Weight: 'Peso',
  Length: 'Lunghezza',
  Pattern: 'Fantasia',
  Format: 'Formato',
  Roast: 'Tostatura',
  Grind: 'Macinatura',
  // Product form
  'Original price': 'Prezzo originale',
  Price: 'Prezzo',
};

export default IT;

/** The rest of the Italian catalogue. */
export const more = () => import('./it-more.js');
