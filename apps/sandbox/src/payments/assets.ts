import { fileURLToPath } from 'node:url';

export interface SnapAssets {
  /** The hosted payment page's script and styles. */
  js: string;
  css: string;
  /** snap.js, the merchant-side script (window.snap.pay). */
  snapJs: string;
}

// build.mjs compiles both into the bundle; from source (tsx, vitest) they are bundled on first use.
declare const __SNAP_ASSETS__: SnapAssets | undefined;

let fromSource: Promise<SnapAssets> | undefined;

export function snapAssets(): Promise<SnapAssets> {
  if (typeof __SNAP_ASSETS__ !== 'undefined') return Promise.resolve(__SNAP_ASSETS__);
  fromSource ??= bundleFromSource();
  return fromSource;
}

async function bundleFromSource(): Promise<SnapAssets> {
  const esbuild = await import('esbuild');
  const bundle = async (entry: string) => {
    const result = await esbuild.build({
      entryPoints: [fileURLToPath(new URL(entry, import.meta.url))],
      bundle: true,
      write: false,
      outdir: 'out',
      format: 'iife',
      target: 'es2020',
      logLevel: 'silent',
    });
    return (ext: string) => result.outputFiles.find((f) => f.path.endsWith(ext))?.text ?? '';
  };
  const [page, snap] = await Promise.all([
    bundle('./client/main.ts'),
    bundle('./client/snap-js.ts'),
  ]);
  return { js: page('.js'), css: page('.css'), snapJs: snap('.js') };
}
