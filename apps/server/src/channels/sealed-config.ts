import type { SecretBox } from '../lib/crypto.js';
import type { PortInfo } from './port.js';
import { parseChannelConfig } from './registry.js';

/**
 * A channel's whole config (tokens and ids) sealed as one value, after its port's schema
 * accepted it: what is stored is always something the adapter can open.
 */
export function sealChannelConfig(secrets: SecretBox, port: PortInfo, config: unknown): string {
  return secrets.seal(JSON.stringify(parseChannelConfig(port, config)));
}

/** The stored config as JSON; `ChannelAdapters.open` validates it against the port's schema. */
export function openChannelConfig(secrets: SecretBox, sealed: string): unknown {
  return JSON.parse(secrets.open(sealed)) as unknown;
}
