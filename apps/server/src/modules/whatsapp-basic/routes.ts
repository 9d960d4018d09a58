import {
  wabasicChannelQuerySchema,
  wabasicGroupsBodySchema,
  wabasicLinkBodySchema,
  wabasicPairingBodySchema,
  wabasicPairingCodeSchema,
  wabasicQrSchema,
  wabasicStatusSchema,
  wabasicUnlinkBodySchema,
  wabasicUserSchema,
} from '@sapa/contracts';
import { principalOf } from '../../http/authenticate.js';
import type { App } from '../../http/types.js';
import type { ModuleContext } from '../registry.js';
import { WabasicService } from './service.js';

const tags = ['whatsapp-basic'];

/**
 * WhatsApp basic linking (issue 20 §2, spec §7 `users/light/*`, each with an optional
 * `channel`). Admins link and unlink; the QR is theirs too (whoever scans it links a phone to
 * the account). The state and the linked number are for anyone who may see channels.
 */
export function wabasicRoutes(app: App, { deps }: ModuleContext): void {
  const service = new WabasicService(deps);

  app.get(
    '/api/users/light/status',
    {
      config: { apiOnlyAllowed: true, action: 'channels.read' },
      schema: {
        tags,
        querystring: wabasicChannelQuerySchema,
        response: { 200: wabasicStatusSchema },
      },
    },
    async (request) => service.status(principalOf(request).accountId, request.query.channel),
  );

  app.get(
    '/api/users/light/qrcode',
    {
      config: { apiOnlyAllowed: true, action: 'channels.manage' },
      schema: { tags, querystring: wabasicChannelQuerySchema, response: { 200: wabasicQrSchema } },
    },
    async (request) => service.qr(principalOf(request).accountId, request.query.channel),
  );

  app.get(
    '/api/users/light/user',
    {
      config: { apiOnlyAllowed: true, action: 'channels.read' },
      schema: {
        tags,
        querystring: wabasicChannelQuerySchema,
        response: { 200: wabasicUserSchema },
      },
    },
    async (request) => service.user(principalOf(request).accountId, request.query.channel),
  );

  app.post(
    '/api/users/light/link',
    {
      config: { apiOnlyAllowed: true, idempotent: true, action: 'channels.manage' },
      schema: { tags, body: wabasicLinkBodySchema, response: { 200: wabasicStatusSchema } },
    },
    async (request) => service.link(principalOf(request).accountId, request.body),
  );

  app.post(
    '/api/users/light/pairing-code',
    {
      config: { apiOnlyAllowed: true, idempotent: false, action: 'channels.manage' },
      schema: { tags, body: wabasicPairingBodySchema, response: { 200: wabasicPairingCodeSchema } },
    },
    async (request) => service.pairingCode(principalOf(request).accountId, request.body),
  );

  app.post(
    '/api/users/light/groups',
    {
      config: { apiOnlyAllowed: true, idempotent: false, action: 'channels.manage' },
      schema: { tags, body: wabasicGroupsBodySchema, response: { 200: wabasicStatusSchema } },
    },
    async (request) => service.setGroups(principalOf(request).accountId, request.body),
  );

  app.post(
    '/api/users/light/unlink',
    {
      config: { apiOnlyAllowed: true, idempotent: false, action: 'channels.manage' },
      schema: { tags, body: wabasicUnlinkBodySchema, response: { 200: wabasicStatusSchema } },
    },
    async (request) => service.unlink(principalOf(request).accountId, request.body),
  );
}
