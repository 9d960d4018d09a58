import type { Role } from '@sapa/contracts';

/**
 * Who may see a chat (spec §6), decided in one place. A viewer joins rooms; a chat event goes to
 * rooms; the viewer sees the chat exactly when the two sets meet. The SQL filter in
 * visibility-filter.ts (beside this file) implements the same rule and is tested against this one.
 *
 * - admin: every chat of the account;
 * - divisionOnlyView (any role): chats whose division, or whose agent's division, is one of theirs;
 * - supervisor: chats of the agents they supervise and their own, plus unassigned chats that
 *   have a division (never unassigned chats without one);
 * - agent: chats assigned to them; with allChat, every chat; otherwise also unassigned chats of
 *   their divisions or with no division, so they can pick them up;
 * - everyone sees chats assigned to themselves.
 */
export interface Viewer {
  /** Null for an API key: it sees as an admin and has no chats of its own. */
  userId: string | null;
  accountId: string;
  role: Role;
  divisionIds: string[];
  divisionOnlyView: boolean;
  allChat: boolean;
  /** Agents a supervisor supervises. */
  agentIds: string[];
}

export interface ChatAudience {
  accountId: string;
  agentId: string | null;
  divisionIds: string[];
  /** Divisions of the assigned agent (empty when unassigned). */
  agentDivisionIds: string[];
}

const r = {
  all: (a: string) => `acc:${a}:all`,
  agent: (a: string, u: string) => `acc:${a}:agent:${u}`,
  division: (a: string, d: string) => `acc:${a}:div:${d}`,
  unassignedWithDivision: (a: string) => `acc:${a}:unassigned:any-div`,
  unassignedInDivision: (a: string, d: string) => `acc:${a}:unassigned:div:${d}`,
  unassignedNoDivision: (a: string) => `acc:${a}:unassigned:no-div`,
};

export function viewerRooms(v: Viewer): string[] {
  const a = v.accountId;
  const rooms = v.userId ? [r.agent(a, v.userId)] : [];
  if (v.divisionOnlyView) {
    for (const d of v.divisionIds) rooms.push(r.division(a, d));
    return rooms;
  }
  if (v.role === 'admin') return [...rooms, r.all(a)];
  if (v.role === 'supervisor') {
    for (const agent of v.agentIds) rooms.push(r.agent(a, agent));
    rooms.push(r.unassignedWithDivision(a));
    return rooms;
  }
  if (v.allChat) return [...rooms, r.all(a)];
  for (const d of v.divisionIds) rooms.push(r.unassignedInDivision(a, d));
  rooms.push(r.unassignedNoDivision(a));
  return rooms;
}

export function chatRooms(c: ChatAudience): string[] {
  const a = c.accountId;
  const rooms = [r.all(a)];
  for (const d of new Set([...c.divisionIds, ...c.agentDivisionIds])) rooms.push(r.division(a, d));
  if (c.agentId) rooms.push(r.agent(a, c.agentId));
  else if (c.divisionIds.length > 0) {
    rooms.push(r.unassignedWithDivision(a));
    for (const d of c.divisionIds) rooms.push(r.unassignedInDivision(a, d));
  } else rooms.push(r.unassignedNoDivision(a));
  return rooms;
}

export function canSeeChat(v: Viewer, c: ChatAudience): boolean {
  if (v.accountId !== c.accountId) return false;
  const mine = new Set(viewerRooms(v));
  return chatRooms(c).some((room) => mine.has(room));
}

/** The account's admins: channel health and other things only they manage (issue 17 §3). */
export function adminsRoom(accountId: string): string {
  return `acc:${accountId}:admins`;
}

/** A user's personal room (their own acknowledgements and errors); not part of visibility. */
export function personalRoom(userId: string): string {
  return `user:${userId}`;
}

/** The sockets of one sign-in, so they can be found when it ends; not part of visibility. */
export function sessionRoom(sessionId: string): string {
  return `session:${sessionId}`;
}
