import type { PredicateTable } from './api';
import { SLICE_TYPES } from './content/enums';
import { path, toNumber } from './content/json';

/** slide predicates. */
export const slidePredicates: PredicateTable = {
  /** `{.current-type? gallery}`: the slice's currentType is the named slice type. */
  'current-type?': (ctx, args) => {
    const name = args[0];
    if (name === undefined) return false;
    const code = SLICE_TYPES[name] ?? toNumber(name);
    return code !== undefined && toNumber(path(ctx.node, 'currentType')) === code;
  },
};
