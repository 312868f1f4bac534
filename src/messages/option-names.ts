/**
 * Variant option names merchants commonly use, catalogued so a page in another language shows
 * them in that language ("Size" is "Größe" on a German page). An option name is the merchant's
 * own text: one the catalogues do not hold is shown as written. Nothing imports this table at
 * run time; the product form passes each name through the page's language layer (`translate`),
 * and the catalogue tests read it so every language names these options.
 */
export const OPTION_NAME_MESSAGES = {
  size: 'Size',
  color: 'Color',
  colour: 'Colour',
  material: 'Material',
  style: 'Style',
  finish: 'Finish',
  flavor: 'Flavor',
  flavour: 'Flavour',
  weight: 'Weight',
  length: 'Length',
  pattern: 'Pattern',
  format: 'Format',
  roast: 'Roast',
  grind: 'Grind',
  value: 'Value',
} as const;
