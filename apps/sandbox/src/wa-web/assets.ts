import { bundleEntry, bundleOnFirstUse } from '../bundle-on-first-use.js';
import type { PhoneAssets } from '../phone/assets.js';

// build.mjs compiles the page into the bundle; from source (tsx, vitest) it is bundled on first use.
declare const __WA_PHONE_ASSETS__: PhoneAssets | undefined;

export const waPhoneAssets = bundleOnFirstUse(
  typeof __WA_PHONE_ASSETS__ === 'undefined' ? undefined : __WA_PHONE_ASSETS__,
  async () => {
    const page = await bundleEntry(new URL('./client/main.ts', import.meta.url));
    return { js: page('.js'), css: page('.css') };
  },
);
