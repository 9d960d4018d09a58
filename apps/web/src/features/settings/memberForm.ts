import type { Role, User } from '@sapa/contracts';
import type { InviteBody, UpdateMemberBody } from './api';

export interface MemberValues {
  name: string;
  email: string;
  role: Role;
  phone: string;
  divisions: string[];
  divisionOnlyView: boolean;
  allChat: boolean;
  agentIds: string[];
}

export const EMPTY_MEMBER: MemberValues = {
  name: '',
  email: '',
  role: 'agent',
  phone: '',
  divisions: [],
  divisionOnlyView: false,
  allChat: false,
  agentIds: [],
};

export function memberValues(user: User): MemberValues {
  return {
    name: user.name,
    email: user.email,
    role: user.role,
    phone: user.phone ?? '',
    divisions: user.divisions.map((d) => d.id),
    divisionOnlyView: user.divisionOnlyView,
    allChat: user.allChat,
    agentIds: user.agentIds,
  };
}

/** Supervised agents only mean something for a supervisor; other roles send none. */
function agentIdsFor(values: MemberValues): string[] {
  return values.role === 'supervisor' ? values.agentIds : [];
}

/** POST /users body: an empty phone is left out (it is optional, not blank). */
export function inviteBody(values: MemberValues): InviteBody {
  const phone = values.phone.trim();
  return {
    name: values.name.trim(),
    email: values.email.trim(),
    role: values.role,
    ...(phone ? { phone } : {}),
    divisions: values.divisions,
    divisionOnlyView: values.divisionOnlyView,
    allChat: values.allChat,
    agentIds: agentIdsFor(values),
  };
}

/** PATCH /users/:id body: an emptied phone is cleared with null. */
export function updateBody(values: MemberValues): UpdateMemberBody {
  const phone = values.phone.trim();
  return {
    name: values.name.trim(),
    role: values.role,
    phone: phone || null,
    divisions: values.divisions,
    divisionOnlyView: values.divisionOnlyView,
    allChat: values.allChat,
    agentIds: agentIdsFor(values),
  };
}
