/**
 * Statuses of one number gathered for `windowMs` and posted as one webhook with several
 * `statuses`, as Meta does under load: at 1,000 sends/s that is a few dozen posts a second
 * instead of thousands. Memory is bounded by what one window collects (`max` per post).
 */
export class StatusBatcher<S> {
  private readonly pending = new Map<string, { items: S[]; flushed: Promise<void> }>();

  constructor(
    private readonly windowMs: number,
    private readonly max: number,
    private readonly post: (key: string, items: S[]) => Promise<void>,
  ) {}

  /** Resolves once the post carrying this status was first attempted. */
  add(key: string, item: S): Promise<void> {
    const open = this.pending.get(key);
    if (open) {
      open.items.push(item);
      if (open.items.length >= this.max) this.pending.delete(key);
      return open.flushed;
    }
    const batch = { items: [item], flushed: Promise.resolve() };
    batch.flushed = new Promise<void>((resolve) => {
      setTimeout(() => {
        if (this.pending.get(key) === batch) this.pending.delete(key);
        this.post(key, batch.items).then(resolve, resolve);
      }, this.windowMs).unref();
    });
    this.pending.set(key, batch);
    return batch.flushed;
  }
}
