/** Enumerations read by the content and slide predicates (spec 001 §3). */

/** Content item (record) type codes, by predicate name. */
export const RECORD_TYPES: Readonly<Record<string, number>> = {
  undefined: -1,
  text: 1,
  image: 2,
  quote: 4,
  link: 5,
  audio: 7,
  video: 8,
  'store-item': 11,
  event: 12,
  gallery: 14,
  binary: 15,
  'css-asset': 16,
  'tweak-asset': 17,
  'digital-good': 18,
  attachment: 19,
  'wordpress-export': 20,
  'json-export': 21,
  'site-search': 30,
  'active-time': 31,
  tweet: 50,
  checkin: 52,
  kbarticle: 54,
};

/** Slice type codes, by name. */
export const SLICE_TYPES: Readonly<Record<string, number>> = {
  undefined: -1,
  heading: 1,
  body: 3,
  image: 4,
  gallery: 5,
  video: 6,
  'social-icons': 7,
  buttons: 8,
  navigation: 9,
  'custom-form': 10,
  newsletter: 11,
  album: 12,
  map: 13,
  logo: 14,
  action: 15,
  form: 16,
  lock: 17,
  password: 18,
  twitter: 19,
};

export const BACKGROUND_SOURCES: Readonly<Record<string, number>> = {
  upload: 1,
  instagram: 2,
  video: 3,
  none: 4,
};

export const FOLDER_BEHAVIOR = { index: 1, redirect: 2 } as const;

export const COLLECTION_TYPE = { templatePage: 7, page: 10 } as const;

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

export const GALLERY_ALIGNMENTS = ['left', 'center', 'right'] as const;

export const GALLERY_FLAGS = [
  'autoplay',
  'auto-crop',
  'controls',
  'lightbox',
  'show-meta',
  'show-meta-on-hover',
  'square-thumbs',
  'thumbnails',
] as const;
