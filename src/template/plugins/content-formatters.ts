import type { FormatterTable } from './api';
import { colorWeight, websiteColor } from './content/color';
import { attr, plain, urlAttr } from './content/html';
import { imageColor, imageMeta, imageTag, srcset, videoMarkup } from './content/image';
import { itemClasses } from './content/item-classes';
import { isObject, path, toNumber } from './content/json';
import { INVALID_SIZE, splitSize, thumbnailFor, type Size } from './content/size';

/** The resizing formatters: a value that is not "WxH" prints the spec's message (spec 001 §8). */
function sized(fn: (size: Size, n: number) => string): FormatterTable[string] {
  return (value, args) => {
    const size = splitSize(value);
    if (size === undefined) return INVALID_SIZE;
    return fn(size, toNumber(args[0]) ?? 0);
  };
}

/** `width` and `height` read one side; on anything but "WxH" text they print nothing. */
function side(pick: (size: Size) => number): FormatterTable[string] {
  return (value) => {
    const size = splitSize(value);
    return size === undefined ? undefined : String(pick(size));
  };
}

/** A size that cannot be computed (a side of 0 or no number) prints 0. */
const whole = (n: number): number => (Number.isFinite(n) ? Math.floor(n) : 0);

function heightForWidth(size: Size, width: number): number {
  return whole((width * size.height) / size.width);
}

function widthForHeight(size: Size, height: number): number {
  return whole((height * size.width) / size.height);
}

/** minutes:seconds of a duration in milliseconds (spec 001 §9). */
function humanizeDuration(value: unknown): string | undefined {
  const ms = toNumber(value);
  if (ms === undefined) return undefined;
  const total = Math.floor(Math.abs(ms) / 1000);
  const seconds = String(total % 60).padStart(2, '0');
  return `${ms < 0 ? '-' : ''}${Math.floor(total / 60)}:${seconds}`;
}

/** content formatters: images, video, audio, colours, sizes, item classes. */
export const contentFormatters: FormatterTable = {
  AbsUrl: (value, _args, ctx) => `${plain(ctx.resolve('base-url'))}/${plain(value)}`,

  'audio-player': (value) => {
    const id = attr(path(value, 'id'));
    const url = urlAttr(path(value, 'structuredContent', 'audioAssetUrl'));
    return (
      "<script>Y.use('squarespace-audio-player-frontend');</script>\n" +
      `<div class="squarespace-audio-player" data-audio-asset-url="${url}" data-item-id="${id}" id="audio-player-${id}"></div>`
    );
  },

  capitalize: (value) => plain(value).toUpperCase(),

  'child-image-meta': (value, args, ctx) => {
    const index = args[0] === undefined ? 0 : Number(args[0]);
    if (!Number.isInteger(index) || index < 0) return '';
    const child = path(value, 'items', String(index));
    return isObject(child) ? imageMeta(child, ctx) : '';
  },

  'color-weight': (value) => colorWeight(value),

  height: side((size) => size.height),

  humanizeDuration: (value) => humanizeDuration(value),

  image: (value, args, ctx) => (isObject(value) ? imageTag(value, args[0], ctx) : ''),

  'image-color': (value, args) => imageColor(value, args),

  'image-meta': (value, _args, ctx) => (isObject(value) ? imageMeta(value, ctx) : ''),

  'image-srcset': (value) => (isObject(value) ? srcset(value) : ''),

  'item-classes': (value, _args, ctx) => itemClasses(value, ctx),

  resizedHeightForWidth: sized((size, width) => String(heightForWidth(size, width))),

  resizedWidthForHeight: sized((size, height) => String(widthForHeight(size, height))),

  squarespaceThumbnailForHeight: sized((size, height) => thumbnailFor((height * size.width) / size.height)),

  // The width asked for picks the step; the value is not read.
  squarespaceThumbnailForWidth: (_value, args) => thumbnailFor(toNumber(args[0]) ?? 0),

  video: (value, args) => (isObject(value) ? videoMarkup(value, args) : ''),

  'website-color': (value) => websiteColor(value),

  width: side((size) => size.width),
};
