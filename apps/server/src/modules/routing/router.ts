import type { Deps } from '../../deps.js';
import type { ChatRow, MessageRow } from '../conversations/index.js';
import { assignRepo } from './assign.repo.js';
import { autoAssign } from './auto-assign.js';
import { sendAutoMessage } from './auto-message.js';
import { handleGreeting } from './greeting.flow.js';
import { loadGreeting } from './greeting.repo.js';
import { loadRoutingSettings, routingWanted, type RoutingSettings } from './settings.js';
import { withinWorkingHours } from './working-hours.js';
import { openWindow } from './window.repo.js';

/**
 * Routing of a customer's message, run after ingest committed it (never on the hot statement):
 * the welcome message, greeting assignment, automatic assignment or handover, and the no-agent
 * auto-response. Accounts with nothing switched on cost one cached settings lookup.
 */
export async function routeInbound(deps: Deps, chat: ChatRow, message: MessageRow): Promise<void> {
  if (chat.blocked) return;
  const settings = await loadRoutingSettings(deps.db, chat.account_id);
  if (!routingWanted(settings)) return;

  const responding =
    settings.autoResponder &&
    (settings.welcomeMessage !== null || settings.noAgentMessage !== null);
  // The greeting asks only a chat with no agent and no division yet, and only once a greeting
  // with divisions is written. The window is written only when some automatic message may go
  // out: a burst of filed chats, or of chats in an account with no greeting, writes no window.
  const greets =
    settings.greeting &&
    chat.agent_id === null &&
    chat.division_ids.length === 0 &&
    ((await loadGreeting(deps.db, chat.account_id))?.divisions.length ?? 0) > 0;
  const window = responding || greets ? await openWindow(deps.db, chat.id, message.sent_at) : null;

  if (window?.isNew && settings.autoResponder && settings.welcomeMessage) {
    const sent = await sendAutoMessage(
      deps,
      chat,
      'welcome',
      window.start,
      settings.welcomeMessage,
    );
    if (sent) deps.events.publish({ type: 'welcome.message.out', ...sent });
  }

  // A chat waiting for the customer's greeting choice is not assigned until they choose.
  const greeting =
    window && greets ? await handleGreeting(deps, settings, chat, message, window) : 'none';
  const needsAgent = chat.agent_id === null ? settings.autoAssign : settings.autoHandover;
  if (greeting === 'none' && needsAgent) await autoAssign(deps, settings, chat);

  if (window && settings.autoResponder && settings.noAgentMessage) {
    if (await nobodyToAnswer(deps, settings, chat))
      await sendAutoMessage(deps, chat, 'no_agent', window.start, settings.noAgentMessage);
  }
}

/** Outside working hours, or no agent who could take the chat is online. */
async function nobodyToAnswer(deps: Deps, s: RoutingSettings, chat: ChatRow): Promise<boolean> {
  const now = deps.clock.now();
  if (!withinWorkingHours(now, s.workingHourStart, s.workingHourEnd, s.timezone)) return true;
  const divisions = s.divisionRouting && chat.division_ids.length ? chat.division_ids : null;
  return (await assignRepo.countOnlineAgents(deps.db, chat.account_id, divisions)) === 0;
}
