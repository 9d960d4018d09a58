import { bundleEntry, bundleOnFirstUse } from '../bundle-on-first-use.js';

export interface PhoneAssets {
  js: string;
  css: string;
}

// build.mjs compiles the page into the bundle; from source (tsx, vitest) it is bundled on first use.
declare const __PHONE_ASSETS__: PhoneAssets | undefined;

export const phoneAssets = bundleOnFirstUse(
  typeof __PHONE_ASSETS__ === 'undefined' ? undefined : __PHONE_ASSETS__,
  async () => {
    const page = await bundleEntry(new URL('./client/main.ts', import.meta.url));
    return { js: page('.js'), css: page('.css') };
  },
);
