// Bundles the sandbox with npm dependencies left external, and the customer-phone page (TypeScript
// + CSS) into strings compiled into the server, so dist/main.js serves it without extra files.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = [...Object.keys(pkg.dependencies), ...Object.keys(pkg.devDependencies ?? {})];

const client = await build({
  entryPoints: ['src/phone/client/main.ts'],
  bundle: true,
  write: false,
  outdir: 'out',
  format: 'iife',
  target: 'es2020',
  minify: true,
  logLevel: 'warning',
});
const text = (ext) => client.outputFiles.find((f) => f.path.endsWith(ext))?.text ?? '';

await build({
  entryPoints: ['src/main.ts'],
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external,
  define: { __PHONE_ASSETS__: JSON.stringify({ js: text('.js'), css: text('.css') }) },
  logLevel: 'warning',
  banner: {
    js: "import { createRequire as __sapaCreateRequire } from 'node:module'; const require = __sapaCreateRequire(import.meta.url);",
  },
});
console.log('sandbox built to apps/sandbox/dist');
