/**
 * A Map for what a warm function keeps in memory: it holds at most `max` entries and, when full, forgets the entry set
 * longest ago (Map keeps insertion order; setting a key again makes it the newest). Reads do not refresh an entry.
 */
export class BoundedMap<K, V> extends Map<K, V> {
  readonly #max: number;

  constructor(max: number) {
    super();
    if (!(max >= 1)) throw new RangeError('A bounded map holds at least one entry');
    this.#max = max;
  }

  override set(key: K, value: V): this {
    super.delete(key);
    if (this.size >= this.#max) super.delete(this.keys().next().value as K);
    return super.set(key, value);
  }
}
