import { useCallback, useEffect, useLayoutEffect, type RefObject } from 'react';

/**
 * Grows a textarea with its text up to `maxRows`, then scrolls. Measured again whenever its
 * width changes, which a window-resize listener misses: the inbox switches between one and two
 * panes by re-rendering after the resize, and a height measured in the old layout would stick.
 */
export function useAutosize(
  ref: RefObject<HTMLTextAreaElement | null>,
  value: string,
  maxRows = 6,
): void {
  const fit = useCallback(() => {
    const el = ref.current;
    if (!el) return;
    // Empty, as in every chat just opened: the one-row natural height needs no measuring, and
    // measuring would force a layout of the whole pane in the middle of opening it.
    if (el.value === '') {
      el.style.height = '';
      el.style.overflowY = 'hidden';
      return;
    }
    const style = getComputedStyle(el);
    const px = (v: string) => Number.parseFloat(v) || 0;
    const line = px(style.lineHeight) || 20;
    const borders = px(style.borderTopWidth) + px(style.borderBottomWidth);
    const max = line * maxRows + px(style.paddingTop) + px(style.paddingBottom) + borders;
    el.style.height = 'auto';
    const wanted = el.scrollHeight + borders;
    el.style.height = `${Math.min(wanted, max)}px`;
    el.style.overflowY = wanted > max ? 'auto' : 'hidden';
  }, [ref, maxRows]);

  useLayoutEffect(fit, [fit, value]);

  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    // The observer's own sizes, not clientWidth: reading that would force a layout on mount.
    let width: number | null = null;
    const observer = new ResizeObserver((entries) => {
      const next = entries[entries.length - 1]?.contentRect.width ?? null;
      // The first report is the width it opened at (already fitted), and our own height changes
      // land here too: only a new width needs a new measure.
      const changed = width !== null && next !== width;
      width = next;
      if (changed) fit();
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref, fit]);
}
