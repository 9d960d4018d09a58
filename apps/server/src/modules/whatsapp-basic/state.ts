import type { Deps } from '../../deps.js';
import { presentQr, presentStatus } from './presenter.js';
import { sessionsRepo } from './repo.js';

/**
 * Tells the account's admins (socket `wabasic.state`) where a linked number stands now, QR
 * included, so the page follows without polling. Read back from the row: whichever process
 * wrote it, the event says what the database says.
 */
export async function publishState(
  deps: Pick<Deps, 'db' | 'events' | 'secrets' | 'clock'>,
  channelId: string,
): Promise<void> {
  const row = await sessionsRepo.byChannel(deps.db, channelId);
  if (!row) return;
  deps.events.publish({
    type: 'wabasic.state',
    accountId: row.account_id,
    event: { status: presentStatus(row), qr: presentQr(row, deps.secrets, deps.clock.now()) },
  });
}
