/**
 * The one bounded memo of the template engine: every cache of texts, formatters, compiled
 * templates and zone data is one of these.
 *
 * When full it is emptied at once. Evicting one entry at a time (the first key of a Map) costs
 * V8 a walk over the deleted slots at the head of the table, several microseconds an eviction at
 * 20,000 entries, so a render of values it has not seen paid that per value. Emptying costs
 * about as much as one insertion spread over the entries it held, and keeps a working set up
 * to the limit whole; a generational pair of maps measured no faster when every value is new
 * and slower whenever hot keys are mixed with new ones (docs/performance.md, Template engine on unseen data).
 */
export class MemoCache<K, V> {
  private readonly entries = new Map<K, V>();

  /** @param limit the most entries kept at once */
  constructor(readonly limit: number) {}

  get size(): number {
    return this.entries.size;
  }

  get(key: K): V | undefined {
    return this.entries.get(key);
  }

  set(key: K, value: V): void {
    if (this.entries.size >= this.limit && !this.entries.has(key)) this.entries.clear();
    this.entries.set(key, value);
  }

  /** The value kept for `key`; else `make`'s, kept. An undefined value is never kept. */
  remember(key: K, make: (key: K) => V): V {
    let value = this.entries.get(key);
    if (value === undefined) {
      value = make(key);
      if (value !== undefined) this.set(key, value);
    }
    return value;
  }
}

/**
 * Formatter objects, parsed messages and checked zone names kept per cache (spec 001 §9:
 * "Message formatter cache 100 entries. Time-zone lookup cache 100 entries").
 */
export const FORMATTER_CACHE_LIMIT = 100;
