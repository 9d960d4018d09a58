import { describe, expect, it, vi } from 'vitest';
import { TEMPLATE_MESSAGES, TEMPLATE_RULES } from '@sapa/contracts';
import type { Db } from '../../db/database.js';
import type { FileStorage } from '../../lib/storage.js';
import { createServer, type Socket } from 'node:net';
import { loadHeaderExample, pinnedGet, type PinnedGet } from './header-example.js';

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

/** A stand-in for the network: answers as `fetchImpl` would, and records what was asked. */
function deps(fetchImpl: typeof fetch) {
  const get = vi.fn<PinnedGet>((url, _address, signal) => fetchImpl(url, { signal }));
  return { db: unused as Db, storage: unused as FileStorage, get };
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
    'https://[fe90::1]/a.png',
    'https://[::ffff:10.0.0.1]/a.png',
    'https://[::ffff:7f00:1]/a.png',
    // IPv4-compatible (::/96) and IPv4-translated (::ffff:0:0:0/96) forms carry an IPv4 too.
    'https://[::127.0.0.1]/a.png',
    'https://[::7f00:1]/a.png',
    'https://[::10.0.0.1]/a.png',
    'https://[::ffff:0:127.0.0.1]/a.png',
    'https://[64:ff9b::a00:1]/a.png',
    'https://224.0.0.1/a.png',
    'https://2130706433/a.png',
    'https://0177.0.0.1/a.png',
  ])('never fetches %s (the server’s own network)', async (url) => {
    const d = deps(answer(new Uint8Array([1]), { 'content-type': 'image/png' }));
    await expect(loadHeaderExample(d, 'acc', row(url))).rejects.toThrow(
      TEMPLATE_MESSAGES.exampleUnreachable,
    );
    expect(d.get).not.toHaveBeenCalled();
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
    expect(moved.get).toHaveBeenCalledTimes(2);
    const inward = deps(hops('https://10.0.0.5/secret.png'));
    await expect(loadHeaderExample(inward, 'acc', row(PUBLIC))).rejects.toThrow(
      TEMPLATE_MESSAGES.exampleUnreachable,
    );
    expect(inward.get).toHaveBeenCalledTimes(1);
  });

  it('answers a link no parser takes, or a redirect to one, as unreachable (never a crash)', async () => {
    const d = deps(answer(new Uint8Array([1]), { 'content-type': 'image/png' }));
    await expect(loadHeaderExample(d, 'acc', row('https://%zz/a.png'))).rejects.toThrow(
      TEMPLATE_MESSAGES.exampleUnreachable,
    );
    const badHop = deps(
      (async () =>
        new Response(null, {
          status: 302,
          headers: { location: 'https://[x]/a.png' },
        })) as typeof fetch,
    );
    await expect(loadHeaderExample(badHop, 'acc', row(PUBLIC))).rejects.toThrow(
      TEMPLATE_MESSAGES.exampleUnreachable,
    );
  });

  it('names a file whose link does not decode after its type', async () => {
    const d = deps(answer(new Uint8Array([1]), { 'content-type': 'image/png' }));
    const file = await loadHeaderExample(d, 'acc', row('https://93.184.216.34/a%E0.png'));
    expect(file.fileName).toBe('example.image');
  });

  it('lets go of a refused answer without reading it', async () => {
    let cancelled = false;
    const body = new ReadableStream<Uint8Array>({
      pull: (c) => c.enqueue(new Uint8Array(1024)),
      cancel: () => {
        cancelled = true;
      },
    });
    const d = deps(
      (async () =>
        new Response(body, { headers: { 'content-type': 'image/gif' } })) as typeof fetch,
    );
    await expect(loadHeaderExample(d, 'acc', row(PUBLIC))).rejects.toThrow(
      TEMPLATE_RULES.exampleFile,
    );
    expect(cancelled).toBe(true);
  });

  it('asks for an example when a media header has neither file nor link', async () => {
    const d = deps(answer(new Uint8Array([1]), { 'content-type': 'image/png' }));
    await expect(
      loadHeaderExample(d, 'acc', { ...row(PUBLIC), header_example_url: null }),
    ).rejects.toThrow(TEMPLATE_MESSAGES.exampleMissing);
  });
});

describe('pinnedGet', () => {
  it('connects to the checked address, not to what the name would resolve to', async () => {
    // `.invalid` never resolves: reaching this local listener proves no second lookup was made.
    const seen: Socket[] = [];
    const server = createServer((socket) => {
      seen.push(socket);
      socket.destroy();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    try {
      const url = new URL(`https://header-example.invalid:${port}/a.png`);
      await expect(
        pinnedGet(url, { address: '127.0.0.1', family: 4 }, AbortSignal.timeout(5_000)),
      ).rejects.toThrow();
      expect(seen).toHaveLength(1);
    } finally {
      server.close();
    }
  });
});
