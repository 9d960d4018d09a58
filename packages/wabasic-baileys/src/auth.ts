import {
  BufferJSON,
  initAuthCreds,
  proto,
  type AuthenticationCreds,
  type SignalDataSet,
  type SignalDataTypeMap,
  type SignalKeyStore,
} from 'baileys';
import type { SessionStore } from '../../../apps/server/src/channels/whatsapp-basic/connector.js';

/**
 * Baileys' auth state over the server's sealed SessionStore (issue 20 §1), in place of the
 * demo useMultiFileAuthState. Creds and keys are serialised with BufferJSON (they hold Buffers).
 * The creds record also carries `firstOpenPending`: set when a scan links the device (WhatsApp
 * then closes with 515 and a new socket opens), read on that open to report `firstLink`.
 */
interface StoredCreds {
  v: 1;
  creds: AuthenticationCreds;
  firstOpenPending: boolean;
}

export interface StoreAuth {
  creds: AuthenticationCreds;
  /** Whether the store had creds (a linked device) before this session. */
  hadCreds: boolean;
  firstOpenPending: boolean;
  saveCreds(firstOpenPending?: boolean): Promise<void>;
  keys: SignalKeyStore;
}

export function parseStoredCreds(raw: string): StoredCreds | null {
  const parsed = JSON.parse(raw, BufferJSON.reviver) as Partial<StoredCreds>;
  return parsed.v === 1 && parsed.creds ? (parsed as StoredCreds) : null;
}

/** Every `set` resolves only once writeKeys has: Baileys uses a key right after setting it. */
export function storeKeyStore(store: SessionStore): SignalKeyStore {
  return {
    async get<T extends keyof SignalDataTypeMap>(type: T, ids: string[]) {
      const raw = await store.readKeys(type, ids);
      const out: { [id: string]: SignalDataTypeMap[T] } = {};
      for (const [id, text] of Object.entries(raw)) {
        let value: unknown = JSON.parse(text, BufferJSON.reviver);
        // Baileys reads these as the protobuf class, as its own file store does.
        if (type === 'app-state-sync-key' && value)
          value = proto.Message.AppStateSyncKeyData.fromObject(value as object);
        out[id] = value as SignalDataTypeMap[T];
      }
      return out;
    },
    async set(data: SignalDataSet) {
      const changes: Record<string, Record<string, string | null>> = {};
      for (const [type, values] of Object.entries(data)) {
        if (!values) continue;
        const byId: Record<string, string | null> = {};
        for (const [id, value] of Object.entries(values))
          byId[id] =
            value === null || value === undefined
              ? null
              : JSON.stringify(value, BufferJSON.replacer);
        changes[type] = byId;
      }
      if (Object.keys(changes).length) await store.writeKeys(changes);
    },
  };
}

export async function loadStoreAuth(store: SessionStore): Promise<StoreAuth> {
  const raw = await store.readCreds();
  const stored = raw ? parseStoredCreds(raw) : null;
  const auth: StoreAuth = {
    creds: stored?.creds ?? initAuthCreds(),
    hadCreds: !!stored,
    firstOpenPending: stored?.firstOpenPending ?? false,
    async saveCreds(firstOpenPending = auth.firstOpenPending) {
      auth.firstOpenPending = firstOpenPending;
      const record: StoredCreds = { v: 1, creds: auth.creds, firstOpenPending };
      await store.writeCreds(JSON.stringify(record, BufferJSON.replacer));
    },
    keys: storeKeyStore(store),
  };
  return auth;
}
