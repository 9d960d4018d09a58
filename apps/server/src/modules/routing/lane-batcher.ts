interface Entry<I, O> {
  item: I;
  resolve: (r: O) => void;
  reject: (e: unknown) => void;
}

/**
 * Runs the items of one key together, one batch at a time per key: items submitted in the same
 * event-loop turn go together, and items that arrive while a batch of their key runs go in the
 * next one. Routing batches per account, so a burst of arrivals costs a few statements (each taking
 * the routing locks once) instead of one per arrival, and waiting arrivals wait in
 * memory rather than each holding a pooled connection blocked on the lock. A deadlock (Postgres
 * aborts one side, 40P01; nothing of the batch committed) is retried once.
 */
export class LaneBatcher<I, O> {
  /** Waiting items per key; a key is present while its lane is scheduled or running. */
  private readonly lanes = new Map<string, Entry<I, O>[]>();

  constructor(
    private readonly max: number,
    private readonly run: (key: string, items: I[]) => Promise<O[]>,
  ) {}

  submit(key: string, item: I): Promise<O> {
    return new Promise((resolve, reject) => {
      let lane = this.lanes.get(key);
      if (!lane) {
        lane = [];
        this.lanes.set(key, lane);
        // The first item of an idle lane waits for the rest of this turn's arrivals.
        const started = lane;
        setImmediate(() => this.flush(key, started));
      }
      lane.push({ item, resolve, reject });
    });
  }

  private flush(key: string, lane: Entry<I, O>[]): void {
    if (lane.length === 0) {
      // The last one out leaves no entry behind.
      this.lanes.delete(key);
      return;
    }
    const batch = lane.splice(0, this.max);
    void this.runOnce(
      key,
      batch.map((e) => e.item),
    )
      .then(
        (outcomes) => batch.forEach((e, i) => e.resolve(outcomes[i]!)),
        (err: unknown) => batch.forEach((e) => e.reject(err)),
      )
      .finally(() => this.flush(key, lane));
  }

  private async runOnce(key: string, items: I[]): Promise<O[]> {
    try {
      return await this.run(key, items);
    } catch (err) {
      if ((err as { code?: string }).code !== '40P01') throw err;
      return this.run(key, items);
    }
  }
}
