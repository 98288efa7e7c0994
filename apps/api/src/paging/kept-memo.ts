/**
 * What is made of a kept read (a page, its JSON, its `Link`), by the kept object it was made of: at
 * most {@link KEPT_MEMO_MAX} entries, the oldest let go first.
 *
 * Not a WeakMap: V8 goes over the table of every WeakMap at its collections, and the tables grew
 * with every page ever kept. After 8 s of lists over 1,200 distinct pages, `/healthz` cost 16.5 and
 * 4.3 µs more than on a fresh instance (two runs), 0.1 more with nothing kept, and 1.9 less with
 * these bounded maps: suggestive, since runs differ by as much.
 */
export const KEPT_MEMO_MAX = 1024;

export class KeptMemo<K extends object, V> {
  private readonly entries = new Map<K, V>();

  get(key: K): V | undefined {
    return this.entries.get(key);
  }

  set(key: K, value: V): void {
    if (this.entries.size >= KEPT_MEMO_MAX && !this.entries.has(key))
      this.entries.delete(this.entries.keys().next().value as K);
    this.entries.set(key, value);
  }
}
