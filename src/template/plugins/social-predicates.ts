import type { PredicateTable } from './api';
import { commentsOn, disqusShortName } from './content/social';

/** social predicates. */
export const socialPredicates: PredicateTable = {
  'comments?': (ctx) => commentsOn(ctx.node, ctx),
  'disqus?': (ctx) => disqusShortName(ctx) !== undefined,
};
