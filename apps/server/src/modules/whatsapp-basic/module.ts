import { ConnectorUnavailableError, loadConnector } from '../../channels/whatsapp-basic/drivers.js';
import type { Deps } from '../../deps.js';
import type { ModuleDefinition } from '../definition.js';
import { attachLinkedSession } from '../inbox/index.js';
import { wabasicRoutes } from './routes.js';
import { WabasicSupervisor } from './supervisor.js';

/**
 * One supervisor per process that runs workers (roles `all` and `worker`): linked numbers'
 * sessions live next to the jobs. Without a usable driver the process still serves everything
 * else; the error says what is missing, and linked numbers stay as they are in the database for
 * a process that can run them.
 */
async function startSupervisor(deps: Deps): Promise<(() => Promise<void>) | void> {
  let connector;
  try {
    connector = await loadConnector(deps.config, deps.log);
  } catch (err) {
    if (!(err instanceof ConnectorUnavailableError)) throw err;
    deps.log.error(`WhatsApp basic numbers will not connect from this process: ${err.message}`);
    return;
  }
  const supervisor = new WabasicSupervisor(deps, {
    connector,
    attach: attachLinkedSession,
    // The pool's URL (the embedded PostgreSQL's when DATABASE_URL is unset) for LISTEN.
    listenUrl: deps.pool.options.connectionString,
  });
  await supervisor.start();
  return () => supervisor.stop();
}

/** WhatsApp basic (issue 20): linking routes, and the session supervisor with the workers. */
export const wabasicModule: ModuleDefinition = {
  name: 'whatsapp-basic',
  routes: [wabasicRoutes],
  workers: startSupervisor,
};
