import { useEffect, useRef } from 'react';

/**
 * Where arrow keys already mean something: typing, picking in a menu or list box, moving a
 * radio group or slider, seeking a player, or anything inside an open dialog.
 */
const OWNS_ARROWS =
  'input, textarea, select, audio, video, [contenteditable]:not([contenteditable="false"]), ' +
  '[role="textbox"], [role="menu"], [role="listbox"], [role="dialog"], [role="radiogroup"], ' +
  '[role="slider"], [role="combobox"], [role="tablist"]';

export function ownsArrowKeys(target: EventTarget | null): boolean {
  return target instanceof Element && target.closest(OWNS_ARROWS) !== null;
}

/**
 * The chat above (-1) or below (+1) the selected one. With nothing selected, Down starts at the
 * top and Up at the bottom; at either end the selection stays where it is.
 */
export function neighbourId(
  ids: readonly string[],
  selectedId: string | null,
  step: 1 | -1,
): string | null {
  if (ids.length === 0) return null;
  const at = selectedId === null ? -1 : ids.indexOf(selectedId);
  if (at < 0) return step === 1 ? (ids[0] ?? null) : (ids[ids.length - 1] ?? null);
  const next = Math.min(ids.length - 1, Math.max(0, at + step));
  return ids[next] ?? null;
}

/**
 * Spec §10 keys for the chat list: Up/Down move between chats when the focus is not in a field;
 * Esc closes the list's own panel (search results) when nothing else (a dialog) claims it.
 */
export function useListKeys(options: {
  ids: readonly string[];
  selectedId: string | null;
  onSelect: (chatId: string) => void;
  onEscape: (() => void) | null;
}): void {
  // Read through a ref so the listener is attached once, not on every list change.
  const latest = useRef(options);
  latest.current = options;

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      const { ids, selectedId, onSelect, onEscape } = latest.current;
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        if (ownsArrowKeys(event.target)) return;
        const next = neighbourId(ids, selectedId, event.key === 'ArrowDown' ? 1 : -1);
        if (next === null || next === selectedId) return;
        // Otherwise the page (or a focused scroll area) scrolls as well.
        event.preventDefault();
        onSelect(next);
        return;
      }
      if (event.key === 'Escape' && onEscape) {
        if (document.querySelector('[role="dialog"]')) return;
        onEscape();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
}
