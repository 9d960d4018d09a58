import type { TemplateStatus } from '@sapa/contracts';

/**
 * Meta's template status (webhook `event` or the list's `status`) → ours. Sapa has four states
 * (spec §3), so a template Meta paused or disabled counts as rejected with that word as the
 * reason: it cannot be sent until it is fixed. null: nothing to change (FLAGGED keeps sending).
 */
export function statusFromMeta(
  event: string,
  reason: string | null,
): { status: TemplateStatus; reason: string | null } | null {
  switch (event.toUpperCase()) {
    case 'APPROVED':
    case 'REINSTATED':
      return { status: 'accepted', reason: null };
    case 'REJECTED':
      return { status: 'rejected', reason: reason && reason !== 'NONE' ? reason : 'REJECTED' };
    case 'PAUSED':
    case 'DISABLED':
    case 'DELETED':
    case 'ARCHIVED':
      return { status: 'rejected', reason: event.toUpperCase() };
    case 'PENDING':
    case 'IN_APPEAL':
      return { status: 'published', reason: null };
    default:
      return null;
  }
}
