/** The types of ./size-budgets.mjs, for the tests that read its tables. */
export declare const KB: number;
export declare const BUDGETS: Readonly<Record<string, number>>;
export declare const PAGE_BUDGETS: Readonly<
  Record<string, { readonly bytes: number; readonly files: number }>
>;
