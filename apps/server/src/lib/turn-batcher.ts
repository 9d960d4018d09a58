/**
 * Collects the calls made during one event-loop turn and runs them together (or sooner when
 * `max` are waiting). Nothing waits on a timer. `group` maps an item to a key: items with the
 * same key are sent once (the `pick` one) and `follow` derives the others' results from it. With
 * `maxInFlight`, a burst collects while statements run instead of starting more of them. A
 * deadlock with a concurrent batch (Postgres aborts one side, 40P01) is retried once.
 */
export class TurnBatcher<I, O> {
  private pending: { item: I; resolve: (r: O) => void; reject: (e: unknown) => void }[] = [];
  private scheduled = false;
  private inFlight = 0;

  constructor(
    private readonly max: number,
    private readonly run: (items: I[]) => Promise<O[]>,
    private readonly group: (item: I) => string,
    private readonly pick: (current: I, candidate: I) => boolean,
    private readonly follow: (chosen: O) => O,
    /** Statements at once; arrivals meanwhile wait and go together in the next. */
    private readonly maxInFlight = Number.POSITIVE_INFINITY,
  ) {}

  submit(item: I): Promise<O> {
    return new Promise((resolve, reject) => {
      this.pending.push({ item, resolve, reject });
      if (this.pending.length >= this.max) this.flush();
      else if (!this.scheduled && this.inFlight < this.maxInFlight) {
        this.scheduled = true;
        setImmediate(() => this.flush());
      }
    });
  }

  private flush(): void {
    this.scheduled = false;
    const batch = this.pending;
    this.pending = [];
    if (batch.length === 0) return;
    const chosenOf = new Map<string, number>();
    batch.forEach((p, index) => {
      const key = this.group(p.item);
      const current = chosenOf.get(key);
      if (current === undefined || this.pick(batch[current]!.item, p.item))
        chosenOf.set(key, index);
    });
    const chosen = [...new Set(chosenOf.values())];
    this.inFlight++;
    void this.runOnce(chosen.map((i) => batch[i]!.item))
      .finally(() => {
        this.inFlight--;
        if (this.pending.length && !this.scheduled && this.inFlight < this.maxInFlight) {
          this.scheduled = true;
          setImmediate(() => this.flush());
        }
      })
      .then((outcomes) => {
        const byIndex = new Map(chosen.map((batchIndex, i) => [batchIndex, outcomes[i]!]));
        batch.forEach((p, index) => {
          const own = byIndex.get(index);
          p.resolve(own ?? this.follow(byIndex.get(chosenOf.get(this.group(p.item))!)!));
        });
      })
      .catch((err: unknown) => batch.forEach((p) => p.reject(err)));
  }

  private async runOnce(items: I[]): Promise<O[]> {
    try {
      return await this.run(items);
    } catch (err) {
      if ((err as { code?: string }).code !== '40P01') throw err;
      return this.run(items);
    }
  }
}
