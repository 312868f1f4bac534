import type { PredicateTable } from './api';

/** slide predicates. */
export const slidePredicates: PredicateTable = {};
