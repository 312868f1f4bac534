/**
 * Japanese (ja, for ja-JP): the texts a product page shows as its widgets mount, keyed by the
 * English text. The rest of the catalogue is ./ja-more.ts; ../locale.ts explains the split.
 */
const JA: Readonly<Record<string, string>> = {
  // Cart
  item: '点',
  items: '点',
  'One item in cart': 'カートに1点の商品があります',
  '{count} items in cart': 'カートに{count}点の商品があります',
  'More than 100 items in cart': 'カートに100点を超える商品があります',
  // Product
  'Add To Cart': 'カートに追加',
  Subscribe: '定期購入する',
  Purchase: '購入する',
  Quantity: '数量',
  'sold out': '売り切れ',
  sale: 'セール',
  'Select {variantName}': '{variantName}を選択',
  'Select Value': '値を選択',
  Value: '金額',
  // Option names merchants give variants
  Size: 'サイズ',
  Color: 'カラー',
  Colour: 'カラー',
  Material: '素材',
  Style: 'スタイル',
  Finish: '仕上げ',
  Flavor: 'フレーバー',
  Flavour: 'フレーバー',
  Weight: '重さ',
  Length: '長さ',
  Pattern: '柄',
  Format: '形式',
  Roast: '焙煎度',
  Grind: '挽き目',
  // Product form
  'Original price': '通常価格',
  Price: '価格',
};

export default JA;

/** The rest of the Japanese catalogue. */
export const more = () => import('./ja-more.js');
