import type { User } from '@sapa/contracts';

export interface UserViewRow {
  id: string;
  account_id: string;
  name: string;
  email: string;
  phone: string | null;
  role: User['role'];
  status: User['status'];
  language: 'en' | 'id';
  division_only_view: boolean;
  all_chat: boolean;
  two_factor_enabled: boolean;
  created_at: Date;
  account_name: string;
  account_type: User['accountType'];
  divisions: { id: string; name: string }[] | null;
  agent_ids: string[] | null;
}

/** The spec's User (§3): `_id`, camelCase flags, divisions each with an id. */
export function presentUser(row: UserViewRow): User {
  return {
    _id: row.id,
    name: row.name,
    company: row.account_name,
    email: row.email,
    role: row.role,
    isTwoFactorAuthenticationEnabled: row.two_factor_enabled,
    phone: row.phone,
    divisionOnlyView: row.division_only_view,
    divisions: row.divisions ?? [],
    allChat: row.all_chat,
    agentIds: row.agent_ids ?? [],
    status: row.status,
    accountId: row.account_id,
    accountType: row.account_type,
    language: row.language,
    createdAt: row.created_at.toISOString(),
  };
}
