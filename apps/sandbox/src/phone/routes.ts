import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../context.js';
import { phoneAssets } from './assets.js';
import { phonePage, type PageDefaults } from './page.js';
import { registerPhoneAssets, sendPage } from './shell.js';

export function registerPhoneRoutes(app: FastifyInstance, _ctx: SandboxContext): void {
  app.get('/', (_request, reply) => reply.redirect('/phone'));

  app.get<{ Querystring: PageDefaults & { page?: string } }>('/phone', (request, reply) =>
    sendPage(
      reply,
      phonePage({
        app: request.query.app,
        number: request.query.number,
        account: request.query.account ?? request.query.page,
        customer: request.query.customer,
        name: request.query.name,
      }),
    ),
  );

  registerPhoneAssets(app, '/phone', phoneAssets);
}
