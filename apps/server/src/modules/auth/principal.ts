import type { AccountType, Role, Scope } from '@sapa/contracts';

/** The authenticated caller of a request or socket. Every query is scoped by `accountId`. */
export interface Principal {
  userId: string;
  accountId: string;
  sessionId: string;
  role: Role;
  name: string;
  email: string;
  accountType: AccountType;
  twoFactorEnabled: boolean;
  /** From the token: has this session passed the TOTP step? */
  twoFactorVerified: boolean;
  divisionIds: string[];
  /** Agents a supervisor supervises (spec §3 "agent ids"). */
  agentIds: string[];
  divisionOnlyView: boolean;
  allChat: boolean;
  /** Never set on a person; lets `isKeyCaller` tell the two apart. */
  apiKey?: undefined;
}

/**
 * An API key calling a machine route (issue 19). It acts as its account within its scopes, not
 * as a user: it sees what an admin sees (all chats), has no user id, no session and no presence,
 * and `name` ("API key Zapier") is the actor its messages and audit entries carry. Only routes
 * that declare a scope ever see one; `principalOf` refuses it everywhere else, so code written
 * for people can never be handed a key.
 */
export interface KeyPrincipal {
  userId: null;
  sessionId: null;
  accountId: string;
  role: 'admin';
  name: string;
  accountType: AccountType;
  divisionIds: string[];
  agentIds: string[];
  divisionOnlyView: false;
  allChat: true;
  apiKey: { id: string; name: string; scopes: readonly Scope[] };
}

/** Whoever called a route: a signed-in person, or (on machine routes) an API key. */
export type Caller = Principal | KeyPrincipal;

export const isKeyCaller = (caller: Caller): caller is KeyPrincipal => caller.apiKey !== undefined;

/** The actor a write is attributed to: a user, or the key that made it. */
export function actorOf(caller: Caller): { userId: string | null; apiKeyId: string | null } {
  return isKeyCaller(caller)
    ? { userId: null, apiKeyId: caller.apiKey.id }
    : { userId: caller.userId, apiKeyId: null };
}
