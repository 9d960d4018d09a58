import type { AccountType, Role } from '@sapa/contracts';

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
}
