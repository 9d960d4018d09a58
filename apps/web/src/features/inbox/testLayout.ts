import { vi } from 'vitest';

/**
 * jsdom has no layout, so every element measures 0 px and the virtualized list would draw no
 * rows. This gives the scroller a viewport and every row a height (restored after each test by
 * the config's restoreMocks), so tests see what a browser window would show.
 */
export function fakeLayout({ viewport = 800, row = 80 }: { viewport?: number; row?: number } = {}) {
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(viewport);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(360);
  vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(row);
  vi.spyOn(HTMLElement.prototype, 'offsetWidth', 'get').mockReturnValue(360);
}
