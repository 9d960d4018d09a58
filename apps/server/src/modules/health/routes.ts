import { sql } from 'kysely';
import type { App } from '../../http/types.js';
import type { ModuleContext } from '../registry.js';

export function healthRoutes(app: App, { deps }: ModuleContext): void {
  app.get('/healthz', { config: { public: true }, schema: { hide: true } }, async () => ({
    status: 'ok',
  }));

  app.get(
    '/readyz',
    { config: { public: true }, schema: { hide: true } },
    async (_request, reply) => {
      try {
        await sql`SELECT 1`.execute(deps.db);
        return { status: 'ready' };
      } catch {
        return reply.status(503).send({ status: 'database unreachable' });
      }
    },
  );
}
