import type { PredicateFn, PredicateTable, TemplateContext } from './api';
import {
  BACKGROUND_SOURCES,
  COLLECTION_TYPE,
  FOLDER_BEHAVIOR,
  GALLERY_ALIGNMENTS,
  GALLERY_DESIGNS,
  GALLERY_FLAGS,
  GALLERY_META_POSITIONS,
  PROMOTED_BLOCK_TYPES,
  RECORD_TYPES,
} from './content/enums';
import { isObject, path, toNumber, truthy } from './content/json';
import { sameDay, toInstant } from './date/zone';

const field =
  (...keys: readonly string[]) =>
  (ctx: TemplateContext): unknown =>
    path(ctx.node, ...keys);

function hasText(value: unknown): boolean {
  return typeof value === 'string' && value.trim() !== '';
}

function numberIs(value: unknown, code: number): boolean {
  return toNumber(value) === code;
}

/** Collection type of the node's collection, else of the node itself. */
function collectionType(ctx: TemplateContext): number | undefined {
  return toNumber(path(ctx.node, 'collection', 'type')) ?? toNumber(path(ctx.node, 'type'));
}

function byName<T extends string>(
  names: readonly T[],
  predicateName: (name: T) => string,
  test: (name: T) => PredicateFn,
): Record<string, PredicateFn> {
  const table: Record<string, PredicateFn> = {};
  for (const name of names) table[predicateName(name)] = test(name);
  return table;
}

const recordTypes = byName(
  Object.keys(RECORD_TYPES),
  (name) => `${name}?`,
  (name) => (ctx) => numberIs(path(ctx.node, 'recordType'), RECORD_TYPES[name] ?? NaN),
);

const backgroundSources = byName(
  Object.keys(BACKGROUND_SOURCES),
  (name) => `background-source-${name}?`,
  (name) => (ctx) => numberIs(path(ctx.node, 'backgroundSource'), BACKGROUND_SOURCES[name] ?? NaN),
);

const promoted = byName(
  PROMOTED_BLOCK_TYPES,
  (name) => `promoted${name.toUpperCase()}?`,
  (name) => (ctx) => path(ctx.node, 'promotedBlockType') === name,
);

const option = field('options');

const galleryDesigns = byName(
  GALLERY_DESIGNS,
  (name) => `gallery-design-${name}?`,
  (name) => (ctx) => path(option(ctx), 'design') === name,
);

const galleryMetaPositions = byName(
  GALLERY_META_POSITIONS,
  (name) => `gallery-meta-position-${name}?`,
  (name) => (ctx) => path(option(ctx), 'meta-position') === name,
);

const galleryAlignments = byName(
  GALLERY_ALIGNMENTS,
  (name) => `gallery-active-alignment-${name}?`,
  (name) => (ctx) => path(option(ctx), 'active-alignment') === name,
);

const galleryFlags = byName(
  GALLERY_FLAGS,
  (name) => `gallery-${name}?`,
  (name) => (ctx) => path(option(ctx), name) === true,
);

/** content predicates: record types, collections, folders, galleries, events, media. */
export const contentPredicates: PredicateTable = {
  ...recordTypes,
  ...backgroundSources,
  ...promoted,
  ...galleryDesigns,
  ...galleryMetaPositions,
  ...galleryAlignments,
  ...galleryFlags,

  'calendar-view?': (ctx) => path(ctx.node, 'calendarView') === true,

  'child-images?': (ctx) => {
    const first = path(ctx.node, 'items', '0');
    return truthy(path(first, 'mainImageId')) || truthy(path(first, 'systemDataId'));
  },

  /** Spec 001 §4: clickable when folderBehavior is missing, index or redirect. */
  'clickable?': (ctx) => {
    const behavior = path(ctx.node, 'folderBehavior');
    if (behavior === undefined || behavior === null) return true;
    const code = toNumber(behavior);
    return code === FOLDER_BEHAVIOR.index || code === FOLDER_BEHAVIOR.redirect;
  },

  'collection?': (ctx) => truthy(path(ctx.node, 'collection')),

  'collection-page?': (ctx) => numberIs(path(ctx.node, 'collection', 'type'), COLLECTION_TYPE.page),

  'collection-template-page?': (ctx) => collectionType(ctx) === COLLECTION_TYPE.templatePage,

  'collectionTypeNameEquals?': (ctx, args) => {
    const name = path(ctx.node, 'typeName');
    return args[0] !== undefined && typeof name === 'string' && name === args[0];
  },

  'excerpt?': (ctx) => {
    const excerpt = path(ctx.node, 'excerpt');
    return hasText(isObject(excerpt) ? excerpt['html'] : excerpt);
  },

  'external-link?': (ctx) => hasText(path(ctx.node, 'externalLink')),

  'external-video?': (ctx) =>
    path(ctx.node, 'promotedBlockType') === 'video' ||
    numberIs(path(ctx.node, 'recordType'), RECORD_TYPES['video'] ?? NaN),

  'folder?': (ctx) => path(ctx.node, 'collection', 'folder') === true,

  'gallery-meta?': (ctx) => truthy(path(option(ctx), 'controls')) || truthy(path(option(ctx), 'indicators')),

  'has-multiple?': (ctx) => {
    const node = ctx.node;
    if (Array.isArray(node)) return node.length > 1;
    return isObject(node) && Object.keys(node).length > 1;
  },

  'index?': (ctx) =>
    path(ctx.node, 'collection', 'folder') === true &&
    numberIs(path(ctx.node, 'collection', 'folderBehavior'), FOLDER_BEHAVIOR.index),

  'location?': (ctx) => {
    const location = path(ctx.node, 'location');
    return (
      toNumber(path(location, 'mapLat')) !== undefined && toNumber(path(location, 'mapLng')) !== undefined
    );
  },

  'main-image?': (ctx) => truthy(path(ctx.node, 'mainImageId')) || truthy(path(ctx.node, 'systemDataId')),

  'passthrough?': (ctx) => truthy(path(ctx.node, 'passthrough')) && hasText(path(ctx.node, 'sourceUrl')),

  'redirect?': (ctx) => numberIs(path(ctx.node, 'folderBehavior'), FOLDER_BEHAVIOR.redirect),

  'same-day?': (ctx) => {
    const start = toInstant(path(ctx.node, 'startDate'));
    const end = toInstant(path(ctx.node, 'endDate'));
    return start !== undefined && end !== undefined && sameDay(start, end, ctx.timeZone);
  },

  'serviceNameEmail?': (ctx) => path(ctx.node, 'serviceName') === 'email',

  'show-past-events?': (ctx) => path(ctx.node, 'showPastOrUpcomingEvents') === 'past',
};
