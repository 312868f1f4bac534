/**
 * French (fr, for fr-CA, fr-FR, …): the texts a product page shows as its widgets mount, keyed by
 * the English text. The rest of the catalogue is ./fr-more.ts; ../locale.ts explains the split.
 */
const FR: Readonly<Record<string, string>> = {
  // Cart
  item: 'article',
  items: 'articles',
  'One item in cart': 'Un article dans le panier',
  '{count} items in cart': '{count} articles dans le panier',
  'More than 100 items in cart': 'Plus de 100 articles dans le panier',
  // Product
  'Add To Cart': 'Ajouter au panier',
  Subscribe: 'S’abonner',
  Purchase: 'Acheter',
  Quantity: 'Quantité',
  'sold out': 'épuisé',
  sale: 'solde',
  'Select {variantName}': 'Choisir : {variantName}',
  'Select Value': 'Choisir une valeur',
  Value: 'Valeur',
  // Option names merchants give variants
  Size: 'Taille',
  Color: 'Couleur',
  Colour: 'Couleur',
  Material: 'Matière',
  Style: 'Style',
  Finish: 'Finition',
  Flavor: 'Saveur',
  Flavour: 'Saveur',
  Weight: 'Poids',
  Length: 'Longueur',
  Pattern: 'Motif',
  Format: 'Format',
  Roast: 'Torréfaction',
  Grind: 'Mouture',
  // Product form
  'Original price': 'Prix d’origine',
  Price: 'Prix',
};

export default FR;

/** The rest of the French catalogue. */
export const more = () => import('./fr-more.js');
