import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../context.js';
import { phoneAssets } from './assets.js';
import { phonePage, type PageDefaults } from './page.js';

export function registerPhoneRoutes(app: FastifyInstance, _ctx: SandboxContext): void {
  app.get('/', (_request, reply) => reply.redirect('/phone'));

  app.get<{ Querystring: PageDefaults & { page?: string } }>('/phone', (request, reply) =>
    reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(
        phonePage({
          app: request.query.app,
          number: request.query.number,
          account: request.query.account ?? request.query.page,
          customer: request.query.customer,
          name: request.query.name,
        }),
      ),
  );

  app.get('/phone/app.js', async (_request, reply) => {
    const { js } = await phoneAssets();
    return reply
      .type('text/javascript; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(js);
  });

  app.get('/phone/app.css', async (_request, reply) => {
    const { css } = await phoneAssets();
    return reply.type('text/css; charset=utf-8').header('cache-control', 'no-cache').send(css);
  });
}
