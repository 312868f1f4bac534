/** Image and video markup: lazy-load data attributes, srcset, colours, alt text (spec 001 §3, §9). */
import type { TemplateContext } from '../api';
import { stripTags } from '../escape';
import { attr, escapeHtml, plain, urlAttr } from './html';
import { isObject, path, toNumber, truthy } from './json';

/** Block type code of an image block (spec 001 §3); its images carry their own alt text. */
const IMAGE_BLOCK_TYPE = 5;

/**
 * Longest alt text taken from an image body once its tags are stripped. Spec 001 §9 speaks of
 * 1000 characters; the conformance corpus (f-image-6) pins 250, which is what renders.
 */
export const BODY_ALT_LENGTH = 250;

/** Responsive width steps (spec 001 §9). */
export const WIDTH_STEPS = [100, 300, 500, 750, 1000, 1500, 2500] as const;

const COLOR_KEYS = ['topLeft', 'topRight', 'bottomLeft', 'bottomRight', 'center'] as const;

/** Alt text: image blocks use altText; else title, else the body without tags, else the filename. */
export function altText(image: unknown, ctx: TemplateContext): string {
  if (toNumber(ctx.resolve('blockType')) === IMAGE_BLOCK_TYPE) return plain(path(image, 'altText'));
  const title = plain(path(image, 'title'));
  if (title !== '') return title;
  const body = plain(path(image, 'body'));
  if (body !== '') return stripTags(body, ' ').slice(0, BODY_ALT_LENGTH);
  return plain(path(image, 'filename'));
}

/** "x,y" of the focal point; a missing point is the centre, a missing coordinate 0. */
export function focalPoint(image: unknown): string {
  const point = path(image, 'mediaFocalPoint');
  if (!isObject(point)) return '0.5,0.5';
  return `${toNumber(point['x']) ?? 0},${toNumber(point['y']) ?? 0}`;
}

/** The lazy-load attributes of an image, space separated, without surrounding spaces. */
export function imageMeta(image: unknown, ctx: TemplateContext): string {
  const parts: string[] = [];
  const licensed = path(image, 'licensedAssetPreview');
  // A licensed preview is flagged by the presence of its (possibly empty) record.
  if (licensed === true || isObject(licensed)) parts.push('data-licensed-asset-preview="true"');
  const componentKey = plain(path(image, 'componentKey'));
  if (componentKey !== '') parts.push(`data-component-key="${escapeHtml(componentKey)}"`);
  const url = urlAttr(path(image, 'assetUrl'));
  parts.push(
    `data-src="${url}"`,
    `data-image="${url}"`,
    `data-image-dimensions="${attr(path(image, 'originalSize'))}"`,
    `data-image-focal-point="${focalPoint(image)}"`,
    `alt="${escapeHtml(altText(image, ctx))}"`,
  );
  return parts.join(' ');
}

/** `<noscript>` fallback plus the lazy-loaded `<img>`. */
export function imageTag(image: unknown, className: string | undefined, ctx: TemplateContext): string {
  const cls = className !== undefined && className !== '' ? className : 'thumb-image';
  const alt = escapeHtml(altText(image, ctx));
  return (
    `<noscript><img src="${urlAttr(path(image, 'assetUrl'))}" alt="${alt}" /></noscript>` +
    `<img class="${escapeHtml(cls)}" ${imageMeta(image, ctx)} data-load="false"` +
    ` data-image-id="${attr(path(image, 'id'))}" data-type="image" />`
  );
}

/**
 * `srcset` from the stored width variants. When the largest stored variant is a standard step,
 * the original file stands in for the next step up.
 */
export function srcset(image: unknown): string {
  const variants = plain(path(image, 'systemDataVariants'));
  const widths = variants
    .split(',')
    .map((v) => /^(\d+)w$/.exec(v.trim()))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => Number(m[1]));
  if (widths.length === 0) return '';
  const url = escapeHtml(plain(path(image, 'assetUrl')));
  const entries = widths.map((w) => `${url}?format=${w}w ${w}w`);
  const last = widths[widths.length - 1] ?? 0;
  const step = WIDTH_STEPS.indexOf(last as (typeof WIDTH_STEPS)[number]);
  const next = step >= 0 ? WIDTH_STEPS[step + 1] : undefined;
  if (next !== undefined) entries.push(`${url}?format=original ${next}w`);
  return `srcset="${entries.join(',')}"`;
}

/** Average colours are hex digits (`111`, `a0b1c2`). */
const HEX_COLOR = /^[0-9A-Fa-f]{3,8}$/;

/**
 * A corner's colour, or undefined when missing. Anything but hex digits counts as missing too: the
 * value lands in style attributes, where escaping alone would still let data add CSS declarations.
 */
function colorOf(colorData: unknown, key: string): string | undefined {
  const text = plain(path(colorData, `${key}Average`));
  return HEX_COLOR.test(text) ? text : undefined;
}

/**
 * `image-color`: no argument prints every known corner as data attributes; a position prints that
 * colour; a position and a CSS property print a declaration.
 */
export function imageColor(image: unknown, args: readonly string[]): string {
  const colorData = path(image, 'colorData');
  if (!isObject(colorData)) return '';
  const [position, property] = args;
  if (position === undefined) {
    return colorAttributes(colorData, false);
  }
  const color = colorOf(colorData, position);
  if (color === undefined) return `"${escapeHtml(position)}" not found.`;
  const value = `#${escapeHtml(color)}`;
  return property === undefined ? value : `${escapeHtml(property)}: ${value}`;
}

/** `data-color-<corner>="#rgb"` for each colour present; video markup uses lower-case names. */
export function colorAttributes(colorData: unknown, lowerCase: boolean): string {
  const parts: string[] = [];
  for (const key of COLOR_KEYS) {
    const color = colorOf(colorData, key);
    if (color === undefined) continue;
    const name = lowerCase ? key.toLowerCase() : key;
    parts.push(`data-color-${name}="#${escapeHtml(color)}"`);
  }
  return parts.join(' ');
}

/** Video wrapper with an optional overlay thumbnail (spec 001 §2). */
export function videoMarkup(video: unknown, args: readonly string[]): string {
  const loadFalse = args.includes('load-false');
  const withColors = args.includes('color-data');
  const oembed = path(video, 'oembed');
  let out =
    '<div class="sqs-video-wrapper" ' +
    (loadFalse ? ' data-load="false" ' : '') +
    `data-html="${attr(path(oembed, 'html'))}" data-provider-name="${attr(path(oembed, 'providerName'))}">`;
  if (truthy(path(video, 'overlay'))) {
    const hasThumb = truthy(path(video, 'mainImageId')) || truthy(path(video, 'systemDataId'));
    out += `<div class="sqs-video-overlay${hasThumb ? '' : ' no-thumb'}" style="opacity: 0;">`;
    if (hasThumb) {
      const url = urlAttr(path(video, 'assetUrl'));
      out +=
        `<img data-load="false" data-src="${url}" data-image-dimensions="${attr(path(video, 'originalSize'))}"` +
        ` data-image-focal-point="${focalPoint(video)}"`;
      const colors = withColors ? colorAttributes(path(video, 'colorData'), true) : '';
      out += `${colors === '' ? '' : ` ${colors}`} />`;
    }
    out += '<div class="sqs-video-opaque"> </div><div class="sqs-video-icon"></div></div>';
  }
  return `${out}</div>`;
}
