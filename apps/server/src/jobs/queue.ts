import { CompiledQuery, type Transaction } from 'kysely';
import PgBoss from 'pg-boss';
import type { Database } from '../db/schema.js';
import type { JobName, JobPayloads } from './definitions.js';
import { JOB_NAMES } from './definitions.js';

export interface EnqueueOptions {
  startAfterSeconds?: number;
  singletonKey?: string;
}

export type JobHandler<N extends JobName> = (data: JobPayloads[N]) => Promise<void>;

/** Typed facade over pg-boss. `trx` makes the job part of the caller's transaction. */
export interface JobQueue {
  enqueue<N extends JobName>(
    name: N,
    data: JobPayloads[N],
    options?: EnqueueOptions,
    trx?: Transaction<Database>,
  ): Promise<void>;
  /** Many jobs of one kind with one statement (each still once per singleton key). */
  enqueueMany<N extends JobName>(
    name: N,
    jobs: { data: JobPayloads[N]; options?: EnqueueOptions }[],
    /** Inserted in this transaction: the jobs exist exactly when what they serve commits. */
    trx?: Transaction<Database>,
  ): Promise<void>;
  /**
   * `batchSize` > 1 lets one worker take several jobs per poll and run them side by side (each
   * worker polls at most twice a second, so one job per poll caps a queue at 2 × concurrency/s).
   */
  work<N extends JobName>(
    name: N,
    handler: JobHandler<N>,
    concurrency?: number,
    options?: { batchSize?: number },
  ): Promise<void>;
  /** Runs a job on a cron schedule, once across all processes. */
  schedule<N extends JobName>(name: N, cron: string, data: JobPayloads[N]): Promise<void>;
  stop(): Promise<void>;
}

/** pg-boss's statements run on our transaction's connection (its `db` option). */
function trxExecutor(trx: Transaction<Database>) {
  return {
    executeSql: async (text: string, values: unknown[]) => {
      const r = await trx.executeQuery(CompiledQuery.raw(text, values));
      return { rows: r.rows as unknown[] };
    },
  };
}

export class PgBossQueue implements JobQueue {
  private constructor(private readonly boss: PgBoss) {}

  static async start(
    connectionString: string,
    opts: { supervise?: boolean; onError?: (err: Error) => void } = {},
  ): Promise<PgBossQueue> {
    const boss = new PgBoss({
      connectionString,
      schema: 'pgboss',
      max: 5,
      supervise: opts.supervise ?? true,
    });
    boss.on('error', opts.onError ?? ((err) => console.error('pg-boss error', err)));
    await boss.start();
    for (const name of JOB_NAMES) {
      // Retries are scheduled by the handlers themselves (backoff with jitter), so pg-boss's own
      // retry is limited to crashes mid-job.
      await boss.createQueue(name, {
        name,
        retryLimit: 3,
        retryDelay: 2,
        retryBackoff: true,
        expireInSeconds: 120,
      });
    }
    return new PgBossQueue(boss);
  }

  async enqueue<N extends JobName>(
    name: N,
    data: JobPayloads[N],
    options: EnqueueOptions = {},
    trx?: Transaction<Database>,
  ) {
    await this.boss.send(name, data, {
      ...(options.startAfterSeconds ? { startAfter: options.startAfterSeconds } : {}),
      ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
      ...(trx ? { db: trxExecutor(trx) } : {}),
    });
  }

  async enqueueMany<N extends JobName>(
    name: N,
    jobs: { data: JobPayloads[N]; options?: EnqueueOptions }[],
    trx?: Transaction<Database>,
  ) {
    if (jobs.length === 0) return;
    await this.boss.insert(
      jobs.map(({ data, options = {} }) => ({
        name,
        data,
        // pg-boss reads a start that is not an ISO time as an interval in seconds.
        ...(options.startAfterSeconds ? { startAfter: String(options.startAfterSeconds) } : {}),
        ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
      })),
      trx ? { db: trxExecutor(trx) } : {},
    );
  }

  async work<N extends JobName>(
    name: N,
    handler: JobHandler<N>,
    concurrency = 4,
    options: { batchSize?: number } = {},
  ) {
    const batchSize = options.batchSize ?? 1;
    for (let i = 0; i < concurrency; i++) {
      await this.boss.work<JobPayloads[N]>(
        name,
        { pollingIntervalSeconds: 0.5, batchSize },
        async (jobs) => {
          if (batchSize === 1) {
            for (const job of jobs) await handler(job.data);
            return;
          }
          // pg-boss completes or fails a batch as a whole: any failure fails (and retries) all.
          const results = await Promise.allSettled(jobs.map((job) => handler(job.data)));
          const failed = results.find((r) => r.status === 'rejected');
          if (failed) throw failed.reason;
        },
      );
    }
  }

  async schedule<N extends JobName>(name: N, cron: string, data: JobPayloads[N]) {
    await this.boss.schedule(name, cron, data);
  }

  async stop() {
    await this.boss.stop({ graceful: true, wait: true, timeout: 10_000 });
  }
}
