/**
 * Spanish (es, for es-ES, es-MX, …): the texts a product page shows as its widgets mount, keyed by
 * the English text. The rest of the catalogue is ./es-more.ts; ../locale.ts explains the split.
 */
const ES: Readonly<Record<string, string>> = {
  // Cart
  item: 'artículo',
  items: 'artículos',
  'One item in cart': 'Un artículo en el carrito',
  '{count} items in cart': '{count} artículos en el carrito',
  'More than 100 items in cart': 'Más de 100 artículos en el carrito',
  // Product
  'Add To Cart': 'Añadir al carrito',
  Subscribe: 'Suscribirse',
  Purchase: 'Comprar',
  Quantity: 'Cantidad',
  'sold out': 'agotado',
  sale: 'oferta',
  'Select {variantName}': 'Selecciona {variantName}',
  'Select Value': 'Selecciona un valor',
  Value: 'Valor',
  // Option names merchants give variants
  Size: 'Talla',
  Color: 'Color',
  Colour: 'Color',
  Material: 'Material',
  Style: 'Estilo',
  Finish: 'Acabado',
  Flavor: 'Sabor',
  Flavour: 'Sabor',
  Weight: 'Peso',
  Length: 'Longitud',
  Pattern: 'Estampado',
  Format: 'Formato',
  Roast: 'Tueste',
  Grind: 'Molienda',
  // Product form
  'Original price': 'Precio original',
  Price: 'Precio',
};

export default ES;

/** The rest of the Spanish catalogue. */
export const more = () => import('./es-more.js');
