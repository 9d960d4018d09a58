// Bundles the sandbox with npm dependencies left external, and its browser pages (the customer
// phone; the business phone of WhatsApp basic; the Snap payment page and snap.js) into strings compiled into the server, so
// dist/main.js serves them without extra files.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = [...Object.keys(pkg.dependencies), ...Object.keys(pkg.devDependencies ?? {})];

async function browserBundle(entry) {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    write: false,
    outdir: 'out',
    format: 'iife',
    target: 'es2020',
    minify: true,
    logLevel: 'warning',
  });
  return (ext) => result.outputFiles.find((f) => f.path.endsWith(ext))?.text ?? '';
}
const text = await browserBundle('src/phone/client/main.ts');
const snapPage = await browserBundle('src/payments/client/main.ts');
const snapJs = await browserBundle('src/payments/client/snap-js.ts');
const waPhone = await browserBundle('src/wa-web/client/main.ts');

await build({
  entryPoints: ['src/main.ts'],
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external,
  define: {
    __PHONE_ASSETS__: JSON.stringify({ js: text('.js'), css: text('.css') }),
    __WA_PHONE_ASSETS__: JSON.stringify({ js: waPhone('.js'), css: waPhone('.css') }),
    __SNAP_ASSETS__: JSON.stringify({
      js: snapPage('.js'),
      css: snapPage('.css'),
      snapJs: snapJs('.js'),
    }),
  },
  logLevel: 'warning',
  banner: {
    js: "import { createRequire as __sapaCreateRequire } from 'node:module'; const require = __sapaCreateRequire(import.meta.url);",
  },
});
console.log('sandbox built to apps/sandbox/dist');
