// Builds the driver to dist/index.js for `node apps/server/dist/main.js` (which imports this
// package at run time, only with WABASIC_DRIVER=baileys). Baileys and its dependencies stay
// external npm packages; the server's types it names are erased.
import { build } from 'esbuild';

await build({
  entryPoints: ['src/index.ts'],
  outdir: 'dist',
  bundle: true,
  packages: 'external',
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
});
