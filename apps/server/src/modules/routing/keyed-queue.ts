/**
 * Runs tasks of the same key one after another in this process. Routing queues here before it
 * takes the database lock of the same scope, so waiting arrivals wait in memory rather than each
 * holding a pooled connection blocked on the lock (which starved ingest under bursts).
 */
export class KeyedQueue {
  private readonly tails = new Map<string, Promise<unknown>>();

  run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    const result = previous.then(task, task);
    const tail = result.catch(() => undefined);
    this.tails.set(key, tail);
    void tail.then(() => {
      // The last one out leaves no entry behind.
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return result;
  }
}
