import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import { LocalStorage, type FileStorage } from '../../lib/storage.js';
import { ProviderError } from '../errors.js';
import type { Connector } from './connector.js';
import { SandboxConnector } from './sandbox/driver.js';

/**
 * The workspace package of the Baileys driver (issue 20 §1). Baileys' Signal library is
 * GPL-3.0, so the driver is its own package, never bundled into the server build and imported
 * only when `WABASIC_DRIVER=baileys`. It exports `createBaileysConnector(options)`.
 */
export const BAILEYS_PACKAGE = '@sapa/wabasic-baileys';

export interface BaileysDriverModule {
  /**
   * `ProviderError` is the server's class: the package is a separate bundle, and the outbox
   * tells a retryable refusal (not connected) by `instanceof`.
   */
  createBaileysConnector(options: {
    log: FastifyBaseLogger;
    storage: FileStorage;
    ProviderError: typeof ProviderError;
  }): Connector;
}

/** The configured driver cannot be used; says why and what to do, in one sentence. */
export class ConnectorUnavailableError extends Error {}

type Importer = (specifier: string) => Promise<unknown>;

const isMissing = (err: unknown): boolean =>
  typeof err === 'object' &&
  err !== null &&
  'code' in err &&
  (err.code === 'ERR_MODULE_NOT_FOUND' || err.code === 'MODULE_NOT_FOUND');

/**
 * The connector WhatsApp basic sessions run on (`WABASIC_DRIVER`): the sandbox's fake phone,
 * or Baileys for real numbers. `importer` is for tests (the package absent, or a stand-in).
 */
export async function loadConnector(
  config: Pick<Config, 'wabasicDriver' | 'sandboxUrl' | 'mediaDir'>,
  log: FastifyBaseLogger,
  importer: Importer = (specifier) => import(specifier),
): Promise<Connector> {
  const storage = new LocalStorage(config.mediaDir);
  if (config.wabasicDriver === 'sandbox') {
    if (!config.sandboxUrl)
      throw new ConnectorUnavailableError(
        'WABASIC_DRIVER=sandbox needs SANDBOX_URL (the local sandbox that plays the phone); set it, or WABASIC_DRIVER=baileys for real numbers',
      );
    return new SandboxConnector({ baseUrl: config.sandboxUrl, storage });
  }
  let loaded: unknown;
  try {
    loaded = await importer(BAILEYS_PACKAGE);
  } catch (err) {
    if (!isMissing(err)) throw err;
    throw new ConnectorUnavailableError(
      `WABASIC_DRIVER=baileys needs the ${BAILEYS_PACKAGE} package, which is not installed: run \`npm install\` with the workspace (packages/wabasic-baileys), or set WABASIC_DRIVER=sandbox`,
    );
  }
  const driver = loaded as Partial<BaileysDriverModule>;
  if (typeof driver.createBaileysConnector !== 'function')
    throw new ConnectorUnavailableError(
      `${BAILEYS_PACKAGE} does not export createBaileysConnector; is it the right version?`,
    );
  return driver.createBaileysConnector({ log, storage, ProviderError });
}
