import { existsSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { App } from './types.js';

/** A file whose name carries its content hash never changes: browsers may keep it a year. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** The page naming the current hashes: always revalidated (ETag), so a deploy shows at once. */
export const NO_CACHE = 'no-cache';
/** Unhashed public files (favicon): short, since their content can change under the same name. */
export const SHORT = 'public, max-age=3600';

// Vite writes chunks and assets as assets/<name>-<hash>.<ext>; the hash is 8 base64url chars.
const HASHED_ASSET = /^assets\/.+-[\w-]{8}\.\w+$/;
const PRECOMPRESSED = /\.(br|gz)$/;
const NOT_THE_APP = /^\/(api|socket\.io|webhooks)(\/|$)/;

/** The Cache-Control for a file of the built app, by its path relative to the build folder. */
export function cacheControlFor(path: string): string {
  const name = path.split(sep).join('/').replace(PRECOMPRESSED, '');
  if (HASHED_ASSET.test(name)) return IMMUTABLE;
  if (name === 'index.html') return NO_CACHE;
  return SHORT;
}

/**
 * Serves the built web app from `root`: each file as built by `vite build`, its brotli or gzip
 * twin (`.br`/`.gz`, written at build time) when the browser accepts it, and index.html for any
 * other GET that is not API, socket or webhook traffic (client-side routes).
 */
export async function registerStaticWeb(app: App, root: string): Promise<void> {
  await app.register(fastifyStatic, {
    root,
    // One route per built file, read once at start; the fallback below handles the rest.
    wildcard: false,
    // The compressed twins are served in place of the file, never as URLs of their own.
    globIgnore: ['**/*.br', '**/*.gz'],
    preCompressed: true,
    // setHeaders decides; send's own `public, max-age=0` would override it otherwise.
    cacheControl: false,
    setHeaders: (res, filePath) => {
      res.setHeader('cache-control', cacheControlFor(relative(root, filePath)));
      // The same URL answers br, gzip or plain bytes: caches must key on Accept-Encoding.
      res.setHeader('vary', 'Accept-Encoding');
    },
  });
  app.get('/*', { config: { public: true }, schema: { hide: true } }, (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    // A hashed file that is not there (an old tab asking for a chunk a deploy removed) must
    // fail as a 404, not parse index.html as JavaScript.
    if (NOT_THE_APP.test(path) || path.startsWith('/assets/')) return reply.callNotFound();
    return reply.sendFile('index.html');
  });
}

/** The built web app next to the server (apps/web/dist in the repo, web/dist in an image). */
export function findWebDist(): string | null {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i++) {
    const candidate = join(dir, 'web', 'dist');
    if (existsSync(join(candidate, 'index.html'))) return candidate;
    const sibling = join(dir, 'apps', 'web', 'dist');
    if (existsSync(join(sibling, 'index.html'))) return sibling;
    dir = dirname(dir);
  }
  return null;
}
