import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { SandboxConnector } from './sandbox/driver.js';
import { BAILEYS_PACKAGE, ConnectorUnavailableError, loadConnector } from './drivers.js';
import type { Connector } from './connector.js';

const log = pino({ level: 'silent' });
const base = { mediaDir: '/tmp/sapa-test-drivers', sandboxUrl: 'http://127.0.0.1:4010' };

describe('WABASIC_DRIVER', () => {
  it('sandbox: the sandbox driver at SANDBOX_URL; without one, a clear error', async () => {
    const connector = await loadConnector({ ...base, wabasicDriver: 'sandbox' }, log);
    expect(connector).toBeInstanceOf(SandboxConnector);
    await expect(
      loadConnector({ ...base, sandboxUrl: undefined, wabasicDriver: 'sandbox' }, log),
    ).rejects.toThrow(/WABASIC_DRIVER=sandbox needs SANDBOX_URL/);
  });

  it('baileys: imports its package only then, and says plainly when it is not installed', async () => {
    const asked: string[] = [];
    const missing = Object.assign(new Error(`Cannot find package '${BAILEYS_PACKAGE}'`), {
      code: 'ERR_MODULE_NOT_FOUND',
    });
    await loadConnector({ ...base, wabasicDriver: 'sandbox' }, log, (s) => {
      asked.push(s);
      return Promise.reject(missing);
    });
    expect(asked).toEqual([]);
    const err = await loadConnector({ ...base, wabasicDriver: 'baileys' }, log, (s) => {
      asked.push(s);
      return Promise.reject(missing);
    }).catch((e: unknown) => e);
    expect(asked).toEqual([BAILEYS_PACKAGE]);
    expect(err).toBeInstanceOf(ConnectorUnavailableError);
    expect((err as Error).message).toContain(`needs the ${BAILEYS_PACKAGE} package`);
  });

  it('baileys: uses the package’s connector, and refuses a package without one', async () => {
    const connector = { driver: 'baileys', open: () => undefined } as unknown as Connector;
    const loaded = await loadConnector({ ...base, wabasicDriver: 'baileys' }, log, () =>
      Promise.resolve({ createBaileysConnector: () => connector }),
    );
    expect(loaded).toBe(connector);
    await expect(
      loadConnector({ ...base, wabasicDriver: 'baileys' }, log, () => Promise.resolve({})),
    ).rejects.toBeInstanceOf(ConnectorUnavailableError);
  });
});
