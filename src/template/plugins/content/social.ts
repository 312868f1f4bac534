/** Comment, like and sharing rules shared by the social formatters and predicates (spec 001 §4). */
import type { TemplateContext } from '../api';
import { isObject, path, toNumber, truthy } from './json';

/** The external comment-thread short name, when the site uses one. */
export function disqusShortName(ctx: TemplateContext): string | undefined {
  const settings = ctx.resolve('websiteSettings');
  for (const key of ['disqusShortName', 'disqusShortname']) {
    const name = path(settings, key);
    if (typeof name === 'string' && name !== '') return name;
  }
  return undefined;
}

/**
 * Spec 001 §4: comments are on when commentState is 1 or publicCommentCount is above 0, and
 * forced off when website settings exist and commentsEnabled is not set.
 */
export function commentsOn(node: unknown, ctx: TemplateContext): boolean {
  const settings = ctx.resolve('websiteSettings');
  if (isObject(settings) && !truthy(settings['commentsEnabled'])) return false;
  return toNumber(path(node, 'commentState')) === 1 || (toNumber(path(node, 'publicCommentCount')) ?? 0) > 0;
}

/** Spec 001 §5: No Comments for 0, 1 Comment, otherwise N Comments. */
export function commentCountText(count: number): readonly [string, string] {
  if (count === 0) return ['No', 'Comments'];
  if (count === 1) return ['1', 'Comment'];
  return [String(count), 'Comments'];
}
