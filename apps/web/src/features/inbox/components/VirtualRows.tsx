import { useEffect, useRef, type ReactNode } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import classes from './chatList.module.css';

/** Rows drawn beyond the visible ones, so a fast flick never shows blank space. */
const OVERSCAN = 10;
/** How close to the end (in rows) the next page is asked for. */
const NEAR_END = 8;

interface VirtualRowsProps<T> {
  items: readonly T[];
  getKey: (item: T) => string;
  /** A first guess of each row's height; real heights are measured once drawn. */
  estimateSize: (item: T) => number;
  render: (item: T) => ReactNode;
  /** Scrolls this row into view when it changes (the selected chat, moved to by keys). */
  revealKey?: string | null;
  onNearEnd?: () => void;
  label: string;
  testId: string;
}

/**
 * The chat list's scroller: only the rows in view (plus a margin) are in the DOM, so ten
 * thousand loaded chats scroll as smoothly as fifty.
 */
export function VirtualRows<T>({
  items,
  getKey,
  estimateSize,
  render,
  revealKey = null,
  onNearEnd,
  label,
  testId,
}: VirtualRowsProps<T>) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (index) => {
      const item = items[index];
      return item === undefined ? 0 : estimateSize(item);
    },
    getItemKey: (index) => {
      const item = items[index];
      return item === undefined ? index : getKey(item);
    },
    overscan: OVERSCAN,
  });
  const rows = virtualizer.getVirtualItems();
  const lastIndex = rows[rows.length - 1]?.index ?? -1;

  useEffect(() => {
    if (onNearEnd && items.length > 0 && lastIndex >= items.length - NEAR_END) onNearEnd();
  }, [lastIndex, items.length, onNearEnd]);

  useEffect(() => {
    if (revealKey === null) return;
    const index = items.findIndex((item) => getKey(item) === revealKey);
    if (index < 0) return;
    // A row clicked is already in view: scrolling to it would only cost a layout.
    const row = virtualizer.measurementsCache[index];
    const top = virtualizer.scrollOffset;
    const height = virtualizer.scrollRect?.height;
    if (row && top !== null && height && row.start >= top && row.end <= top + height) return;
    virtualizer.scrollToIndex(index, { align: 'auto' });
    // Only when the revealed row changes: following it on every list update would fight the
    // agent's own scrolling.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [revealKey]);

  return (
    <div
      ref={scrollRef}
      className={classes.scroll}
      data-testid={testId}
      aria-label={label}
      role="list"
    >
      <div className={classes.virtualSpace} style={{ height: virtualizer.getTotalSize() }}>
        {rows.map((row) => {
          const item = items[row.index];
          if (item === undefined) return null;
          return (
            <div
              key={row.key}
              ref={virtualizer.measureElement}
              data-index={row.index}
              className={classes.virtualItem}
              style={{ transform: `translateY(${row.start}px)` }}
              role="listitem"
            >
              {render(item)}
            </div>
          );
        })}
      </div>
    </div>
  );
}
