/**
 * The page contract's account events, dispatched on `document`. They belong with src/contract.ts
 * but live apart: the contract travels in every page's start-up chunk, and a product page listens
 * to neither, so it does not carry their names. Pinned by tests/src/contract.test.ts.
 */
export const ACCOUNT_EVENTS = {
  /**
   * A site user signed in or out through `Storefront.account` (detail
   * `AccountChangeDetail` of src/contract.ts), so widgets showing account data load it again
   * without a page reload.
   */
  accountChange: 'sf:account-change',
  /**
   * The restock tools sent back-in-stock emails (detail `{ sent: number | null }`), so a page
   * listing sent mail can show the new rows.
   */
  restockSent: 'sf:restock-sent',
} as const;
