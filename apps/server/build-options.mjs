// The server bundle's esbuild options, shared by build.mjs and the test that checks what the
// bundle holds (src/build.test.ts).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));

/**
 * The Baileys driver package (issue 20 §1): imported at run time only with
 * WABASIC_DRIVER=baileys and never bundled, as Baileys' Signal library (libsignal) is GPL-3.0.
 */
export const NEVER_BUNDLED = ['@sapa/wabasic-baileys', 'baileys', 'libsignal'];

const external = [
  ...Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@sapa/')),
  ...NEVER_BUNDLED,
];

/** @type {import('esbuild').BuildOptions} */
export const serverBuildOptions = {
  absWorkingDir: fileURLToPath(new URL('.', import.meta.url)),
  entryPoints: ['src/main.ts', 'src/db/migrate-cli.ts', 'src/ops-cli.ts'],
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external,
  logLevel: 'warning',
  banner: {
    js: "import { createRequire as __sapaCreateRequire } from 'node:module'; const require = __sapaCreateRequire(import.meta.url);",
  },
};
