import { useQuery } from '@tanstack/react-query';
import type { QuickReply } from '@sapa/contracts';
import { fetchQuickReplies } from './messagesApi';

/**
 * "/" at the start of the composer opens the quick replies; what follows the slash (up to the
 * first space) filters them. Returns that filter, or null when the popup should be closed.
 */
export function quickReplyFilter(text: string): string | null {
  const match = /^\/(\S*)$/u.exec(text);
  return match ? (match[1] ?? '') : null;
}

/** Shortcut prefix matches first, then shortcut substrings, then matches in the text. */
export function filterQuickReplies(list: readonly QuickReply[], filter: string): QuickReply[] {
  const needle = filter.trim().toLowerCase();
  if (!needle) return [...list].sort((a, b) => a.shortcut.localeCompare(b.shortcut));
  const rank = (q: QuickReply): number => {
    const shortcut = q.shortcut.toLowerCase();
    if (shortcut.startsWith(needle)) return 0;
    if (shortcut.includes(needle)) return 1;
    if (q.text.toLowerCase().includes(needle)) return 2;
    return 3;
  };
  return list
    .map((q) => ({ q, r: rank(q) }))
    .filter(({ r }) => r < 3)
    .sort((a, b) => a.r - b.r || a.q.shortcut.localeCompare(b.q.shortcut))
    .map(({ q }) => q);
}

export const quickReplyKey = ['inbox', 'quickReplies'] as const;

/** Loaded the first time the agent types "/", then kept for a minute (settings may change it). */
export function useQuickReplies(enabled: boolean) {
  return useQuery({
    queryKey: quickReplyKey,
    queryFn: ({ signal }) => fetchQuickReplies(signal),
    enabled,
    staleTime: 60_000,
    retry: false,
  });
}
