import type {
  Connector,
  ConnectorSession,
  SessionOptions,
} from '../../../apps/server/src/channels/whatsapp-basic/connector.js';
import { BaileysSession, type BaileysDeps, type ILogger } from './socket.js';

export { BaileysSession, jidOf, type BaileysDeps, type ProviderErrorClass } from './socket.js';

/**
 * The Baileys driver of the connector port (issue 20 §1): real numbers linked by QR or pairing
 * code. The server imports this package only when WABASIC_DRIVER=baileys (libsignal, which
 * Baileys needs, is GPL-3.0 and stays out of the server bundle).
 */
export class BaileysConnector implements Connector {
  readonly driver = 'baileys' as const;
  constructor(private readonly deps: BaileysDeps) {}

  open(options: SessionOptions): ConnectorSession {
    return new BaileysSession(this.deps, options);
  }
}

/** What the server's loader (apps/server/src/channels/whatsapp-basic/drivers.ts) calls. */
export function createBaileysConnector(options: {
  log: ILogger;
  storage: BaileysDeps['storage'];
  ProviderError: BaileysDeps['ProviderError'];
}): Connector {
  return new BaileysConnector({ ...options, log: options.log.child({ driver: 'baileys' }) });
}
