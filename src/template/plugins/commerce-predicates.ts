import type { PredicateTable } from './api';

/** commerce predicates. */
export const commercePredicates: PredicateTable = {};
