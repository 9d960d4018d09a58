/** Answers how long from now the first of `count` reserved slots comes, in ms. */
export type ReserveSlots = (count: number) => Promise<number>;

/**
 * A start this late after its slot counts as missed (half a slot at slow rates). A process late
 * by L ms can crowd L ms of extra sends into a second: 25 ms keeps that to 2.5 % of the rate and
 * leaves the rest of the 10 % budget to the jitter of sockets and of Meta's side.
 */
const LATE_MS = 25;
/** Rounds of new slots for missed starts before an item starts late rather than never. */
const ROUNDS = 3;

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, Math.max(0, ms)));

/**
 * Paces sends on a channel (a broadcast lane, or a batch of the provider drain): every send starts
 * on its own slot of the channel's grid (one slot every 1/rate s, shared by every sender of the
 * channel through `reserve`: `reserveSendSlots`), and at most `maxInFlight`
 * sends are waiting for their slot or for Meta at once. A slot is reserved only when a send is
 * ready to use it, so a stall at Meta leaves slots unused (dropped), never saved up for a burst;
 * and the cap, sized for Meta's latency, keeps a slow Meta from stopping the sending.
 */
export class Pacer {
  private used = 0;
  private waiting: Array<() => void> = [];

  constructor(
    private readonly reserve: ReserveSlots,
    readonly rate: number,
    readonly maxInFlight: number,
  ) {}

  get inFlight(): number {
    return this.used;
  }

  /** Waits until a send may begin, then takes up to `want` places (at least one). */
  async acquire(want: number): Promise<number> {
    while (this.used >= this.maxInFlight) await new Promise<void>((r) => this.waiting.push(r));
    const n = Math.max(1, Math.min(want, this.maxInFlight - this.used));
    this.used += n;
    return n;
  }

  /** Gives back places taken but not needed, or of sends that ended. */
  release(n: number): void {
    if (n <= 0) return;
    this.used -= n;
    for (const wake of this.waiting.splice(0)) wake();
  }

  /**
   * Starts `send` for each item on the next slots of the grid, one place (taken with `acquire`)
   * per item, each given back as its send ends. Resolves once every item has started, with the
   * outcomes still to come: the caller claims its next batch while these are out.
   *
   * A slot whose timer fires late (this process was busy or descheduled) is dropped, not used
   * late: late starts would bunch up with the next ones and crowd one second past the rate. Its
   * item takes a new slot; after a few rounds it starts anyway rather than never.
   */
  async launch<T, R>(
    items: T[],
    send: (item: T) => Promise<R>,
  ): Promise<{ outcomes: Promise<R[]> }> {
    const gap = 1000 / this.rate;
    const lateMs = Math.max(gap / 2, LATE_MS);
    const outcomes: Promise<R>[] = new Array<Promise<R>>(items.length);
    let waiting = items.map((_, i) => i);
    for (let round = 1; waiting.length > 0; round++) {
      const first = Date.now() + (await this.reserve(waiting.length));
      const missed: number[] = [];
      await Promise.all(
        waiting.map(async (index, k) => {
          const slot = first + k * gap;
          await sleep(slot - Date.now());
          if (Date.now() - slot > lateMs && round < ROUNDS) {
            missed.push(index);
            return;
          }
          outcomes[index] = send(items[index]!).finally(() => this.release(1));
        }),
      );
      waiting = missed.sort((x, y) => x - y);
    }
    return { outcomes: Promise.all(outcomes) };
  }
}
