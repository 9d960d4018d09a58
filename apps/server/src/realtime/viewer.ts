import type { Caller } from '../modules/auth/principal.js';
import type { ChatAudienceRow } from '../events/bus.js';
import type { ChatAudience, Viewer } from '../modules/conversations/index.js';

export function viewerOf(p: Caller): Viewer {
  return {
    userId: p.userId,
    accountId: p.accountId,
    role: p.role,
    divisionIds: p.divisionIds,
    divisionOnlyView: p.divisionOnlyView,
    allChat: p.allChat,
    agentIds: p.agentIds,
  };
}

export function audienceOf(chat: ChatAudienceRow): ChatAudience {
  return {
    accountId: chat.account_id,
    agentId: chat.agent_id,
    divisionIds: chat.division_ids,
    agentDivisionIds: chat.agent_division_ids,
  };
}
