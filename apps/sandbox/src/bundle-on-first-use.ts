import { fileURLToPath } from 'node:url';

/** One bundled entry's output files, read by extension ('.js', '.css'); '' when absent. */
export type BundleOutput = (ext: string) => string;

/**
 * Bundles a browser entry with esbuild in memory. Only for running from source (tsx, vitest):
 * build.mjs compiles the pages into the server bundle, and esbuild is imported here lazily so
 * the built sandbox never loads it.
 */
export async function bundleEntry(entry: URL): Promise<BundleOutput> {
  const esbuild = await import('esbuild');
  const result = await esbuild.build({
    entryPoints: [fileURLToPath(entry)],
    bundle: true,
    write: false,
    outdir: 'out',
    format: 'iife',
    target: 'es2020',
    logLevel: 'silent',
  });
  return (ext) => result.outputFiles.find((f) => f.path.endsWith(ext))?.text ?? '';
}

/**
 * The assets compiled into the bundle when there are some, else `fromSource()` run once and
 * shared by every later call.
 */
export function bundleOnFirstUse<T>(
  compiled: T | undefined,
  fromSource: () => Promise<T>,
): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () => {
    if (compiled !== undefined) return Promise.resolve(compiled);
    pending ??= fromSource();
    return pending;
  };
}
