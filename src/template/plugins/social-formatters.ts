import type { FormatterTable, TemplateContext } from './api';
import { attr, escapeHtml, plain, urlAttr } from './content/html';
import { isObject, path, toNumber, truthy } from './content/json';
import { commentCountText, disqusShortName } from './content/social';

const CALENDAR_URL = 'http://www.google.com/calendar/event?action=TEMPLATE';

/** UTC compact date-time: 20131115T123030Z. */
function compactUtc(ms: number): string {
  const d = new Date(ms);
  if (Number.isNaN(d.getTime())) return '';
  const pad = (n: number): string => String(n).padStart(2, '0');
  return (
    `${String(d.getUTCFullYear()).padStart(4, '0')}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}` +
    `T${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}${pad(d.getUTCSeconds())}Z`
  );
}

function googleCalendarUrl(event: unknown): string {
  const start = compactUtc(toNumber(path(event, 'startDate')) ?? 0);
  const end = compactUtc(toNumber(path(event, 'endDate')) ?? 0);
  let url = `${CALENDAR_URL}&text=${encodeURIComponent(plain(path(event, 'title')))}&dates=${start}/${end}`;
  const location = path(event, 'location');
  const lines = ['addressLine1', 'addressLine2', 'addressCountry']
    .map((key) => plain(path(location, key)))
    .filter((line) => line !== '');
  if (lines.length > 0) url += `&location=${encodeURIComponent(lines.join(', '))}`;
  return url;
}

const TWITTER = 'https://twitter.com/';

/** Sentence punctuation that ends a URL in running text rather than belonging to it. */
const TRAILING = new Set(['.', ',', ';', ':', '!', '?']);

/**
 * A URL found in running text without the punctuation after it: `http://a.org/x),` is the link
 * `http://a.org/x` when its `)` closes no `(` of its own, while `http://a.org/A_(b)` keeps it.
 */
function withoutTrailingPunctuation(url: string): string {
  let end = url.length;
  let open = 0;
  let close = 0;
  for (const c of url) {
    if (c === '(') open++;
    else if (c === ')') close++;
  }
  // Never below the scheme's "//": the smallest link is the host itself.
  const min = url.indexOf('//') + 3;
  while (end > min) {
    const c = url.charAt(end - 1);
    if (TRAILING.has(c)) end--;
    else if (c === ')' && close > open) {
      close--;
      end--;
    } else break;
  }
  return url.slice(0, end);
}

/**
 * Links @handles and #hashtags to the microblogging service and plain http(s) URLs to themselves,
 * all opening in a new window; the surrounding text is escaped.
 */
export function activateTwitterLinks(text: string): string {
  // `i` for the scheme only (Https://): \w and the rest match the same either way.
  const pattern = /(https?:\/\/[^\s<>"']+)|(^|[^\w@#&])@(\w+)|(^|[^\w@#&])#(\w+)/gi;
  let out = '';
  let last = 0;
  for (let m = pattern.exec(text); m !== null; m = pattern.exec(text)) {
    out += escapeHtml(text.slice(last, m.index));
    const [, found, beforeHandle, handle, beforeTag, tag] = m;
    if (found !== undefined) {
      const url = withoutTrailingPunctuation(found);
      const href = escapeHtml(url);
      out += `<a target="new" href="${href}">${href}</a>`;
      // The punctuation left out is text again, read on from there.
      pattern.lastIndex = m.index + url.length;
      last = pattern.lastIndex;
      continue;
    } else if (handle !== undefined) {
      out += `${escapeHtml(beforeHandle ?? '')}<a target="new" href="${TWITTER}${handle}/">@${handle}</a>`;
    } else if (tag !== undefined) {
      out += `${escapeHtml(beforeTag ?? '')}<a target="new" href="${TWITTER}hashtag/${tag}?src=hash">#${tag}</a>`;
    }
    last = m.index + m[0].length;
  }
  return out + escapeHtml(text.slice(last));
}

/** The item or collection whose comments are shown, with the data attribute naming it. */
function commentOwner(
  ctx: TemplateContext,
): { readonly kind: 'item' | 'collection'; readonly node: unknown } | undefined {
  const item = ctx.resolve('item');
  if (isObject(item)) return { kind: 'item', node: item };
  const collection = ctx.resolve('collection');
  if (isObject(collection)) return { kind: 'collection', node: collection };
  return undefined;
}

function twitterUserName(account: unknown): string {
  const userName = plain(path(account, 'userName'));
  if (userName !== '') return userName;
  const profile = plain(path(account, 'profileUrl'));
  const segments = profile.split('/').filter((s) => s !== '');
  return segments[segments.length - 1] ?? '';
}

function shareButtons(node: unknown, ctx: TemplateContext, tag: 'div' | 'span', style: string): string {
  if (!truthy(path(ctx.resolve('website'), 'shareButtonOptions'))) return '';
  // An item's own asset wins over its main image (image items are their own asset).
  const assetUrl = path(node, 'assetUrl') ?? path(node, 'mainImage', 'assetUrl');
  const systemDataId = path(node, 'systemDataId') ?? path(node, 'mainImageId');
  return (
    `<${tag} class="squarespace-social-buttons ${style}" data-system-data-id="${attr(systemDataId)}"` +
    ` data-asset-url="${urlAttr(assetUrl)}" data-record-type="${attr(path(node, 'recordType'))}"` +
    ` data-full-url="${urlAttr(path(node, 'fullUrl'))}" data-title="${attr(path(node, 'title'))}"></${tag}>`
  );
}

/** social formatters: comments, likes, sharing, following, calendar links, tweet text. */
export const socialFormatters: FormatterTable = {
  'activate-twitter-links': (value) => activateTwitterLinks(plain(value)),

  'comment-count': (value) => commentCountText(toNumber(path(value, 'publicCommentCount')) ?? 0).join(' '),

  'comment-link': (value, _args, ctx) => {
    const id = attr(path(value, 'id'));
    const url = urlAttr(path(value, 'fullUrl'));
    if (disqusShortName(ctx) !== undefined) {
      return `<a href="${url}" class="sqs-comment-link sqs-disqus-comment-link" data-id="${id}"></a>`;
    }
    const [count, noun] = commentCountText(toNumber(path(value, 'publicCommentCount')) ?? 0);
    return (
      `<a href="${url}#comments-${id}" class="sqs-comment-link" data-id="${id}">\n` +
      `  ${count}\n  ${noun}\n  </a>`
    );
  },

  comments: (value, _args, ctx) => {
    if (disqusShortName(ctx) !== undefined) {
      return '<div class="squarespace-comments" id="disqus_thread"></div>';
    }
    const owner = commentOwner(ctx);
    let out = `<div class="squarespace-comments" id="comments-${attr(path(value, 'id'))}"`;
    if (owner !== undefined) {
      out +=
        ` data-${owner.kind}-id="${attr(path(owner.node, 'id'))}"` +
        ` data-public-comment-count="${attr(path(owner.node, 'publicCommentCount'))}"` +
        ` data-comment-state="${attr(path(owner.node, 'commentState'))}"`;
    }
    return `${out}></div>`;
  },

  'google-calendar-url': (value) => googleCalendarUrl(value),

  'like-button': (value, _args, ctx) => {
    if (!truthy(path(ctx.resolve('websiteSettings'), 'simpleLikingEnabled'))) return '';
    return (
      `<span class="sqs-simple-like" data-item-id="${attr(path(value, 'id'))}" data-like-count="${attr(path(value, 'likeCount'))}">\n` +
      '    <span class="like-icon"></span>\n' +
      '    <span class="like-count"></span>\n' +
      '  </span>'
    );
  },

  'social-button': (value, _args, ctx) => shareButtons(value, ctx, 'div', 'button-style'),

  'social-button-inline': (value, _args, ctx) => shareButtons(value, ctx, 'span', 'inline-style'),

  'twitter-follow-button': (value) =>
    "<script>Y.use('squarespace-follow-buttons', function(Y) { Y.on('domready', function() { Y.Squarespace.FollowButtonUtils.renderAll(); }); });</script>" +
    `<div class="squarespace-follow-button" data-username="${escapeHtml(twitterUserName(value))}"></div>`,
};
