/**
 * Where people reach the Sapa team (activation problems, renewals, privacy requests). One place,
 * overridable per deployment with VITE_SUPPORT_EMAIL.
 */
export const SUPPORT_EMAIL: string =
  (import.meta.env as Record<string, string | undefined>).VITE_SUPPORT_EMAIL || 'support@sapa.id';
