/**
 * Named lists of spec 001 §3 that both the storefront constants and the template engine's content
 * predicates read. A module of their own, so the engine's bundle carries these lists and not the
 * rest of src/constants.ts.
 */

export const PROMOTED_BLOCK_TYPES = [
  'map',
  'embed',
  'image',
  'code',
  'quote',
  'twitter',
  'link',
  'video',
  'foursquare',
  'instagram',
  'form',
] as const;

export const GALLERY_DESIGNS = ['slideshow', 'slider', 'grid', 'stacked'] as const;

export const GALLERY_META_POSITIONS = [
  'top',
  'top-left',
  'top-right',
  'center',
  'bottom',
  'bottom-left',
  'bottom-right',
] as const;

export const GALLERY_ACTIVE_ALIGNMENTS = ['left', 'center', 'right'] as const;
