import type { PredicateTable } from './api';

/** content predicates. */
export const contentPredicates: PredicateTable = {};
