import type { PredicateTable } from './api';

/** core predicates. */
export const corePredicates: PredicateTable = {};
