import type { ModuleDefinition } from '../definition.js';
import { registerIdempotencyWorkers } from './purge.job.js';

/**
 * `Idempotency-Key` (issue 19 §3). Its HTTP hooks wrap every route, so app.ts installs them with
 * authentication (`registerIdempotency`); the module itself runs the purge of old answers.
 */
export const idempotencyModule: ModuleDefinition = {
  name: 'idempotency',
  workers: registerIdempotencyWorkers,
};
