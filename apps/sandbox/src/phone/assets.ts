import { fileURLToPath } from 'node:url';

export interface PhoneAssets {
  js: string;
  css: string;
}

// build.mjs compiles the page into the bundle; from source (tsx, vitest) it is bundled on first use.
declare const __PHONE_ASSETS__: PhoneAssets | undefined;

let fromSource: Promise<PhoneAssets> | undefined;

export function phoneAssets(): Promise<PhoneAssets> {
  if (typeof __PHONE_ASSETS__ !== 'undefined') return Promise.resolve(__PHONE_ASSETS__);
  fromSource ??= bundleFromSource();
  return fromSource;
}

async function bundleFromSource(): Promise<PhoneAssets> {
  const esbuild = await import('esbuild');
  const result = await esbuild.build({
    entryPoints: [fileURLToPath(new URL('./client/main.ts', import.meta.url))],
    bundle: true,
    write: false,
    outdir: 'out',
    format: 'iife',
    target: 'es2020',
    logLevel: 'silent',
  });
  const text = (ext: string) => result.outputFiles.find((f) => f.path.endsWith(ext))?.text ?? '';
  return { js: text('.js'), css: text('.css') };
}
