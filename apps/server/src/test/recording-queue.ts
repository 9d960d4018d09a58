import type { EnqueueOptions, JobHandler, JobQueue } from '../jobs/queue.js';
import type { JobName, JobPayloads } from '../jobs/definitions.js';

interface Recorded {
  name: JobName;
  data: JobPayloads[JobName];
  options: EnqueueOptions;
}

/**
 * In-memory job queue for tests that want to run jobs by hand, deterministically: `drain()` runs
 * everything queued (including jobs queued by jobs) until nothing is left.
 */
export class RecordingQueue implements JobQueue {
  readonly queued: Recorded[] = [];
  readonly history: Recorded[] = [];
  private readonly handlers = new Map<JobName, (data: never) => Promise<void>>();

  async enqueue<N extends JobName>(name: N, data: JobPayloads[N], options: EnqueueOptions = {}) {
    const job = { name, data, options } as Recorded;
    this.queued.push(job);
    this.history.push(job);
  }

  async enqueueMany<N extends JobName>(
    name: N,
    jobs: { data: JobPayloads[N]; options?: EnqueueOptions }[],
  ) {
    for (const job of jobs) await this.enqueue(name, job.data, job.options);
  }

  async work<N extends JobName>(name: N, handler: JobHandler<N>) {
    this.handlers.set(name, handler as (data: never) => Promise<void>);
  }

  readonly schedules: { name: JobName; cron: string }[] = [];

  async schedule<N extends JobName>(name: N, cron: string) {
    this.schedules.push({ name, cron });
  }

  async drain(limit = 100): Promise<number> {
    let ran = 0;
    while (this.queued.length > 0 && ran < limit) {
      const job = this.queued.shift()!;
      const handler = this.handlers.get(job.name);
      if (!handler) throw new Error(`no handler for ${job.name}`);
      await handler(job.data as never);
      ran++;
    }
    return ran;
  }

  async stop() {}
}
