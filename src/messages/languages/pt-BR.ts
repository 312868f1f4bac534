/**
 * Brazilian Portuguese (pt-BR, for every Portuguese locale, pt-PT included): the texts a product
 * page shows as its widgets mount, keyed by the English text. The rest of the catalogue is
 * ./pt-BR-more.ts; ../locale.ts explains the split.
 */
const PT_BR: Readonly<Record<string, string>> = {
  // Cart
  item: 'item',
  items: 'itens',
  'One item in cart': 'Um item no carrinho',
  '{count} items in cart': '{count} itens no carrinho',
  'More than 100 items in cart': 'Mais de 100 itens no carrinho',
  // Product
  'Add To Cart': 'Adicionar ao carrinho',
  Subscribe: 'Assinar',
  Purchase: 'Comprar',
  Quantity: 'Quantidade',
  'sold out': 'esgotado',
  sale: 'promoção',
  'Select {variantName}': 'Selecione {variantName}',
  'Select Value': 'Selecione um valor',
  Value: 'Valor',
  // Option names merchants give variants
  Size: 'Tamanho',
  Color: 'Cor',
  Colour: 'Cor',
  Material: 'Material',
  Style: 'Estilo',
  Finish: 'Acabamento',
  Flavor: 'Sabor',
  Flavour: 'Sabor',
  Weight: 'Peso',
  Length: 'Comprimento',
  Pattern: 'Estampa',
  Format: 'Formato',
  Roast: 'Torra',
  Grind: 'Moagem',
  // Product form
  'Original price': 'Preço original',
  Price: 'Preço',
};

export default PT_BR;

/** The rest of the Brazilian Portuguese catalogue. */
export const more = () => import('./pt-BR-more.js');
