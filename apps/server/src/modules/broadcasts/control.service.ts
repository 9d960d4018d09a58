import { BROADCAST_MESSAGES, type Broadcast } from '@sapa/contracts';
import type { Deps } from '../../deps.js';
import { conflict, notFound } from '../../http/errors.js';
import type { Caller } from '../auth/principal.js';
import { channelOff, channelOffError } from './channel-state.js';
import { cancelBroadcast, pauseBroadcast, resumeBroadcast } from './engine/control.js';
import { broadcastsRepo } from './repo.js';
import { BroadcastsService, canSee } from './service.js';

export type ControlAction = 'pause' | 'resume' | 'cancel';

const ENGINE = { pause: pauseBroadcast, resume: resumeBroadcast, cancel: cancelBroadcast };
const REFUSED: Record<ControlAction, string> = {
  pause: BROADCAST_MESSAGES.cannotPause,
  resume: BROADCAST_MESSAGES.cannotResume,
  cancel: BROADCAST_MESSAGES.cannotCancel,
};

/**
 * Pause, resume and cancel: who may (managers any broadcast, agents their own) is decided here;
 * what each does to the sending is the engine's (engine/control.ts).
 */
export class BroadcastControlService {
  private readonly broadcasts: BroadcastsService;

  constructor(private readonly deps: Deps) {
    this.broadcasts = new BroadcastsService(deps);
  }

  async run(principal: Caller, id: string, action: ControlAction): Promise<Broadcast> {
    const row = await broadcastsRepo.find(this.deps.db, principal.accountId, id);
    // A draft is the wizard's, not a broadcast yet: nothing to control.
    if (!row || row.status === 'draft' || !canSee(principal, row.created_by))
      throw notFound(BROADCAST_MESSAGES.broadcastNotFound);
    // Resuming on a channel that cannot send would only pause it again: say why now.
    const off = channelOff({
      disconnected_at: row.channel_disconnected_at,
      deleted_at: row.channel_deleted_at,
    });
    if (action === 'resume' && row.status === 'paused' && off) throw channelOffError(off);
    const result = await ENGINE[action](this.deps, principal.accountId, id);
    if (result.kind === 'not-found') throw notFound(BROADCAST_MESSAGES.broadcastNotFound);
    if (result.kind === 'conflict') throw conflict(REFUSED[action], 'BROADCAST_STATE');
    return this.broadcasts.get(principal, id);
  }
}
