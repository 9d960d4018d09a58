import { bundleEntry, bundleOnFirstUse } from '../bundle-on-first-use.js';

export interface SnapAssets {
  /** The hosted payment page's script and styles. */
  js: string;
  css: string;
  /** snap.js, the merchant-side script (window.snap.pay). */
  snapJs: string;
}

// build.mjs compiles both into the bundle; from source (tsx, vitest) they are bundled on first use.
declare const __SNAP_ASSETS__: SnapAssets | undefined;

export const snapAssets = bundleOnFirstUse(
  typeof __SNAP_ASSETS__ === 'undefined' ? undefined : __SNAP_ASSETS__,
  async () => {
    const [page, snap] = await Promise.all([
      bundleEntry(new URL('./client/main.ts', import.meta.url)),
      bundleEntry(new URL('./client/snap-js.ts', import.meta.url)),
    ]);
    return { js: page('.js'), css: page('.css'), snapJs: snap('.js') };
  },
);
