import type { Role } from '@sapa/contracts';

/** Sockets of an account's admins and supervisors, who see everyone's presence. */
export const presenceRoom = (accountId: string): string => `acc:${accountId}:presence`;

export const seesPresenceOfOthers = (role: Role): boolean =>
  role === 'admin' || role === 'supervisor';
