import { describe, expect, it } from 'vitest';
import type { SessionStore } from '../../../apps/server/src/channels/whatsapp-basic/connector.js';
import { loadStoreAuth, storeKeyStore } from './auth.js';

/** A SessionStore in memory whose writes finish only when the test lets them. */
function memoryStore() {
  const keys = new Map<string, string>();
  let creds: string | null = null;
  const gates: (() => void)[] = [];
  const store: SessionStore = {
    readCreds: async () => creds,
    writeCreds: async (c) => {
      creds = c;
    },
    readKeys: async (type, ids) =>
      Object.fromEntries(
        ids.flatMap((id) => (keys.has(`${type}/${id}`) ? [[id, keys.get(`${type}/${id}`)!]] : [])),
      ),
    writeKeys: (changes) =>
      new Promise<void>((resolve) =>
        gates.push(() => {
          for (const [type, byId] of Object.entries(changes))
            for (const [id, value] of Object.entries(byId))
              if (value === null) keys.delete(`${type}/${id}`);
              else keys.set(`${type}/${id}`, value);
          resolve();
        }),
      ),
    clear: async () => {
      keys.clear();
      creds = null;
    },
  };
  return { store, keys, gates, rawCreds: () => creds };
}

describe('Baileys auth state over the SessionStore', () => {
  it('keys.set resolves only after writeKeys has; Buffers survive; null deletes', async () => {
    const mem = memoryStore();
    const keys = storeKeyStore(mem.store);
    let done = false;
    const write = Promise.resolve(
      keys.set({
        'pre-key': { '1': { public: Buffer.from([1, 2, 3]), private: Buffer.from([4, 5]) } },
      }),
    ).then(() => {
      done = true;
    });
    await new Promise((r) => setTimeout(r, 5));
    expect(done).toBe(false);
    mem.gates.shift()?.();
    await write;
    expect(done).toBe(true);
    const got = await keys.get('pre-key', ['1', '2']);
    expect(Object.keys(got)).toEqual(['1']);
    expect(Buffer.isBuffer(got['1']?.public)).toBe(true);
    expect([...(got['1']?.public ?? [])]).toEqual([1, 2, 3]);
    const del = Promise.resolve(keys.set({ 'pre-key': { '1': null } }));
    mem.gates.shift()?.();
    await del;
    expect(mem.keys.size).toBe(0);
  });

  it('creds round-trip through BufferJSON with the first-open marker; a new store starts fresh', async () => {
    const mem = memoryStore();
    const fresh = await loadStoreAuth(mem.store);
    expect(fresh.hadCreds).toBe(false);
    expect(Buffer.isBuffer(fresh.creds.noiseKey.public)).toBe(true);
    await fresh.saveCreds(true);
    const again = await loadStoreAuth(mem.store);
    expect(again.hadCreds).toBe(true);
    expect(again.firstOpenPending).toBe(true);
    expect(
      Buffer.from(again.creds.noiseKey.private).equals(Buffer.from(fresh.creds.noiseKey.private)),
    ).toBe(true);
    expect(again.creds.registrationId).toBe(fresh.creds.registrationId);
  });
});
