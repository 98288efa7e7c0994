/**
 * What is made of a kept read (a page, its JSON, its `Link`), by the kept object it was made of: at
 * most {@link KEPT_MEMO_MAX} entries, the oldest let go first. Not a WeakMap: V8 goes over the table
 * of every WeakMap at each collection, and those tables grew with every page ever kept.
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
