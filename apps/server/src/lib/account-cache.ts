/**
 * A per-process cache of something every inbound message reads for its account (routing
 * settings, the greeting). Entries live `ttlMs`; writes through this process `forget` the account
 * at once, other processes see them within the TTL. One read per key at a time: when an entry
 * expires under a burst, the arrivals of that moment share the read rather than each querying
 * (hundreds of queries at once held up ingest).
 */
export class AccountCache<K extends object, V> {
  private readonly byOwner = new WeakMap<K, Map<string, { value: Promise<V>; until: number }>>();

  constructor(private readonly ttlMs: number) {}

  async get(owner: K, accountId: string, load: () => Promise<V>): Promise<V> {
    const cache =
      this.byOwner.get(owner) ?? new Map<string, { value: Promise<V>; until: number }>();
    this.byOwner.set(owner, cache);
    const hit = cache.get(accountId);
    if (hit && hit.until > Date.now()) return hit.value;
    const loading = load();
    // Infinite until the read settles: concurrent callers share it.
    const entry = { value: loading, until: Number.POSITIVE_INFINITY };
    cache.set(accountId, entry);
    try {
      await loading;
      if (cache.get(accountId) === entry) entry.until = Date.now() + this.ttlMs;
    } catch (err) {
      if (cache.get(accountId) === entry) cache.delete(accountId);
      throw err;
    }
    return loading;
  }

  forget(owner: K, accountId: string): void {
    this.byOwner.get(owner)?.delete(accountId);
  }
}
