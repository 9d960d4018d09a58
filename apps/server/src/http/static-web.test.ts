import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerErrorHandler } from './error-handler.js';
import { IMMUTABLE, NO_CACHE, SHORT, cacheControlFor, registerStaticWeb } from './static-web.js';
import type { App } from './types.js';

// A folder laid out as `vite build` writes it, with the compressed twins the build adds.
const INDEX = '<!doctype html><html><head><title>Sapa</title></head><body></body></html>';
const CHUNK = `export const login = ${JSON.stringify('x'.repeat(4000))};`;
const CHUNK_URL = '/assets/index-Ab_d-123.js';
const FAVICON = '<svg xmlns="http://www.w3.org/2000/svg"></svg>';

let root: string;
let app: App;

function writeWithTwins(path: string, content: string): void {
  writeFileSync(path, content);
  writeFileSync(`${path}.br`, brotliCompressSync(content));
  writeFileSync(`${path}.gz`, gzipSync(content));
}

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'sapa-static-web-'));
  mkdirSync(join(root, 'assets'));
  writeWithTwins(join(root, 'index.html'), INDEX);
  writeWithTwins(join(root, CHUNK_URL), CHUNK);
  writeFileSync(join(root, 'favicon.svg'), FAVICON);
  app = Fastify().withTypeProvider<ZodTypeProvider>();
  registerErrorHandler(app);
  await registerStaticWeb(app, root);
  await app.ready();
});

afterAll(async () => {
  await app.close();
  rmSync(root, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers });

describe('hashed assets', () => {
  it('serves brotli to a browser that accepts it, cached for a year as immutable', async () => {
    const res = await get(CHUNK_URL, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(res.headers.vary).toBe('Accept-Encoding');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(CHUNK);
    expect(res.rawPayload.length).toBeLessThan(CHUNK.length / 10);
  });

  it('serves gzip when brotli is not accepted', async () => {
    const res = await get(CHUNK_URL, { 'accept-encoding': 'gzip' });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(gunzipSync(res.rawPayload).toString()).toBe(CHUNK);
  });

  it('serves the plain file, still varying on Accept-Encoding, when nothing is accepted', async () => {
    const res = await get(CHUNK_URL);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary).toBe('Accept-Encoding');
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(res.body).toBe(CHUNK);
  });

  it('answers 404 for a chunk that is not there, never index.html', async () => {
    const res = await get('/assets/ChatPage-Zz9_Zz9_.js', { 'accept-encoding': 'br' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
  });

  it('does not expose the compressed twins as URLs of their own', async () => {
    expect((await get(`${CHUNK_URL}.br`)).statusCode).toBe(404);
  });
});

describe('index.html and client routes', () => {
  it.each(['/', '/index.html', '/chat', '/broadcast/result/42?tab=failed'])(
    '%s is index.html, revalidated on every visit (no-cache), compressed',
    async (url) => {
      const res = await get(url, { 'accept-encoding': 'br, gzip' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe(NO_CACHE);
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers.vary).toBe('Accept-Encoding');
      expect(brotliDecompressSync(res.rawPayload).toString()).toBe(INDEX);
    },
  );

  it('answers a repeat visit with 304 from its ETag', async () => {
    const first = await get('/chat');
    const etag = first.headers.etag;
    expect(typeof etag).toBe('string');
    const again = await get('/chat', { 'if-none-match': String(etag) });
    expect(again.statusCode).toBe(304);
  });

  it('leaves API, socket and webhook paths to their own 404', async () => {
    for (const url of ['/api/nothing', '/socket.io/x', '/webhooks']) {
      const res = await get(url);
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('<!doctype html>');
    }
  });
});

describe('other public files', () => {
  it('an unhashed file is cached briefly', async () => {
    const res = await get('/favicon.svg', { 'accept-encoding': 'br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe(SHORT);
    // No twin was built for it: the plain bytes, whatever the browser accepts.
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(FAVICON);
  });
});

describe('cacheControlFor', () => {
  it.each([
    ['assets/vendor-9gQeQFx6.js', IMMUTABLE],
    ['assets/vendor-9gQeQFx6.js.br', IMMUTABLE],
    ['assets/ChatPage-DEDi750Z.css.gz', IMMUTABLE],
    ['assets/emojis-ms-CKE-qMbB.js', IMMUTABLE],
    ['index.html', NO_CACHE],
    ['index.html.br', NO_CACHE],
    ['favicon.svg', SHORT],
    ['assets/logo.svg', SHORT],
    ['robots.txt', SHORT],
  ])('%s → %s', (path, expected) => {
    expect(cacheControlFor(path)).toBe(expected);
  });
});
