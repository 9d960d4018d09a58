import type {
  ChannelType,
  ComposerWindow,
  IsUserInitiateEvent,
  WindowRefusal,
} from '@sapa/contracts';

/**
 * What the composer says about the reply window, and until when. `unbounded`: a number linked
 * by QR code (WhatsApp basic) has no window at all, and the composer says so.
 */
export type WindowView =
  | { kind: 'none' }
  | { kind: 'unbounded' }
  | { kind: 'open' | 'human_agent'; endsAt: number | null }
  | { kind: 'closed'; refusal: WindowRefusal };

/**
 * The composer's view of the server's window state (`IsUserInitiateEvent.window`); an answer
 * without it (a server before issue 17) is read from `value` and WhatsApp's `windowEndsAt`.
 */
export function windowView(
  state: IsUserInitiateEvent | undefined,
  channel: ChannelType,
  now: number,
): WindowView {
  if (!state) return { kind: 'none' };
  const server = state.window;
  if (server) {
    const endsAt = server.endsAt ? Date.parse(server.endsAt) : null;
    switch (server.phase) {
      case 'none':
        return { kind: 'none' };
      case 'open':
      case 'human_agent':
        // Past its end the phase is stale: the caller asks the server again meanwhile.
        if (endsAt !== null && endsAt <= now) return staleAfter(server, channel);
        return { kind: server.phase, endsAt };
      case 'closed':
        return { kind: 'closed', refusal: server.refusal ?? closedRefusal(channel) };
    }
  }
  const endsAt = state.windowEndsAt ? Date.parse(state.windowEndsAt) : null;
  if (state.value && (endsAt === null || endsAt > now)) return { kind: 'open', endsAt };
  return { kind: 'closed', refusal: closedRefusal(channel) };
}

function staleAfter(server: ComposerWindow, channel: ChannelType): WindowView {
  // After the 24 hours a page channel may still be in its human-agent days; until the server
  // answers, the composer stays usable (the server refuses with its reason if not).
  if (server.phase === 'open' && server.outsideWindow === 'human_agent_replies')
    return { kind: 'human_agent', endsAt: null };
  return { kind: 'closed', refusal: closedRefusal(channel) };
}

function closedRefusal(channel: ChannelType): WindowRefusal {
  return channel === 'messenger' || channel === 'instagram'
    ? 'human_agent_expired'
    : 'templates_only';
}

/** When the view next changes on its own, so the screen can ask again then. */
export function windowEnd(view: WindowView): number | null {
  return view.kind === 'open' || view.kind === 'human_agent' ? view.endsAt : null;
}

/** Time left as the composer says it: days and hours, hours and minutes, or minutes. */
export function timeLeft(ms: number): {
  key: 'days' | 'hours' | 'minutes';
  d: number;
  h: number;
  m: number;
} {
  const total = Math.max(0, Math.ceil(ms / 60_000));
  const d = Math.floor(total / (24 * 60));
  const h = Math.floor((total % (24 * 60)) / 60);
  const m = total % 60;
  // Chosen from the rounded minutes, so a fresh 24-hour window reads "24 h 0 min", never
  // "0 h 0 min"; days only past a whole day (the human agent's 7).
  if (total > 24 * 60) return { key: 'days', d, h, m };
  if (total >= 60) return { key: 'hours', d, h: d * 24 + h, m };
  return { key: 'minutes', d, h, m: Math.max(1, total) };
}
