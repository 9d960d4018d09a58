import { describe, expect, it, vi } from 'vitest';
import { TEMPLATE_MESSAGES, TEMPLATE_RULES } from '@sapa/contracts';
import type { Db } from '../../db/database.js';
import type { FileStorage } from '../../lib/storage.js';
import { loadHeaderExample } from './header-example.js';

// The link path never touches the database or storage; these fail loudly if it does.
const unused = new Proxy(
  {},
  {
    get: () => {
      throw new Error('not for links');
    },
  },
);
const PUBLIC = 'https://93.184.216.34/promo/katalog%20baru.png';

function deps(fetchImpl: typeof fetch) {
  return { db: unused as Db, storage: unused as FileStorage, fetch: vi.fn(fetchImpl) };
}
const row = (url: string, type: 'image' | 'video' | 'document' = 'image') => ({
  header_type: type,
  header_example_media_id: null,
  header_example_url: url,
});
const answer = (body: Uint8Array, headers: Record<string, string>, status = 200) =>
  (async () => new Response(body, { status, headers })) as typeof fetch;

describe('loadHeaderExample from a link', () => {
  it('downloads the file and names it after the link', async () => {
    const d = deps(answer(new Uint8Array([1, 2, 3]), { 'content-type': 'image/png; q=1' }));
    expect(await loadHeaderExample(d, 'acc', row(PUBLIC))).toEqual({
      bytes: Buffer.from([1, 2, 3]),
      mimeType: 'image/png',
      fileName: 'katalog baru.png',
    });
  });

  it('refuses a type Meta does not take for the header, and a failed download', async () => {
    const gif = deps(answer(new Uint8Array([1]), { 'content-type': 'image/gif' }));
    await expect(loadHeaderExample(gif, 'acc', row(PUBLIC))).rejects.toMatchObject({
      message: TEMPLATE_RULES.exampleFile,
    });
    const pdfForVideo = deps(answer(new Uint8Array([1]), { 'content-type': 'application/pdf' }));
    await expect(loadHeaderExample(pdfForVideo, 'acc', row(PUBLIC, 'video'))).rejects.toThrow(
      TEMPLATE_RULES.exampleFile,
    );
    const gone = deps(answer(new Uint8Array(), { 'content-type': 'image/png' }, 404));
    await expect(loadHeaderExample(gone, 'acc', row(PUBLIC))).rejects.toThrow(
      TEMPLATE_MESSAGES.exampleUnreachable,
    );
  });

  it('stops reading past Meta’s size limit, whatever the server says the length is', async () => {
    const big = new Uint8Array(5 * 1024 * 1024 + 1);
    const honest = deps(
      answer(big, { 'content-type': 'image/jpeg', 'content-length': String(big.length) }),
    );
    await expect(loadHeaderExample(honest, 'acc', row(PUBLIC))).rejects.toThrow(
      TEMPLATE_MESSAGES.exampleTooLarge,
    );
    const silent = deps(answer(big, { 'content-type': 'image/jpeg' }));
    await expect(loadHeaderExample(silent, 'acc', row(PUBLIC))).rejects.toThrow(
      TEMPLATE_MESSAGES.exampleTooLarge,
    );
  });

  it.each([
    'https://127.0.0.1/a.png',
    'https://10.1.2.3/a.png',
    'https://192.168.0.9/a.png',
    'https://169.254.169.254/latest/meta-data',
    'https://[::1]/a.png',
    'https://localhost/a.png',
  ])('never fetches %s (the server’s own network)', async (url) => {
    const d = deps(answer(new Uint8Array([1]), { 'content-type': 'image/png' }));
    await expect(loadHeaderExample(d, 'acc', row(url))).rejects.toThrow(
      TEMPLATE_MESSAGES.exampleUnreachable,
    );
    expect(d.fetch).not.toHaveBeenCalled();
  });

  it('follows a redirect to another public host, and refuses one into the private network', async () => {
    const hops = (target: string) => {
      let calls = 0;
      return (async () =>
        ++calls === 1
          ? new Response(null, { status: 302, headers: { location: target } })
          : new Response(new Uint8Array([7]), {
              headers: { 'content-type': 'image/png' },
            })) as typeof fetch;
    };
    const moved = deps(hops('https://93.184.216.35/cdn/a.png'));
    expect(await loadHeaderExample(moved, 'acc', row(PUBLIC))).toMatchObject({
      bytes: Buffer.from([7]),
      fileName: 'katalog baru.png',
    });
    expect(moved.fetch).toHaveBeenCalledTimes(2);
    const inward = deps(hops('https://10.0.0.5/secret.png'));
    await expect(loadHeaderExample(inward, 'acc', row(PUBLIC))).rejects.toThrow(
      TEMPLATE_MESSAGES.exampleUnreachable,
    );
    expect(inward.fetch).toHaveBeenCalledTimes(1);
  });
});
