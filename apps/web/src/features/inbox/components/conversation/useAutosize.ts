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
    let width = el.clientWidth;
    const observer = new ResizeObserver(() => {
      // Our own height changes also land here; only a new width needs a new measure.
      if (el.clientWidth === width) return;
      width = el.clientWidth;
      fit();
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref, fit]);
}
