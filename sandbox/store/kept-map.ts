/**
 * A Map that forgets everything once it holds `max` entries: for what is cheap to work out again (checked keys, parsed
 * input, hashes), so an unbounded stream of new keys cannot grow it without end.
 */
export class KeptMap<K, V> extends Map<K, V> {
  constructor(private readonly max: number) {
    super();
  }

  override set(key: K, value: V) {
    if (this.size >= this.max && !this.has(key)) this.clear();
    return super.set(key, value);
  }
}
