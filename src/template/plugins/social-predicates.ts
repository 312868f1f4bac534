import type { PredicateTable } from './api';

/** social predicates. */
export const socialPredicates: PredicateTable = {};
