import { expect } from 'vitest';
import type { Template } from '@sapa/contracts';
import type { TestContext } from '../../test/harness.js';
import type { TestUser } from '../../test/fixtures.js';

export const call = (
  ctx: TestContext,
  user: TestUser,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: Record<string, unknown>,
) => ctx.app.inject({ method, url, headers: user.auth, ...(payload ? { payload } : {}) });

export const templateBody = (channelId: string, overrides: Record<string, unknown> = {}) => ({
  name: 'order_update',
  channelId,
  category: 'UTILITY',
  language: 'id',
  headerType: 'text',
  headerText: 'Pesanan {{1}}',
  examples: { body: ['Rina', 'SP-1042'], header: '#1042' },
  content: 'Halo {{1}}, pesanan {{2}} sudah dikirim.',
  footer: 'Toko Maju',
  buttons: [
    { type: 'link', label: 'Lacak', url: 'https://toko.test/lacak' },
    { type: 'chat', label: 'Berhenti', code: 'STOP' },
  ],
  ...overrides,
});

export async function newTemplate(
  ctx: TestContext,
  user: TestUser,
  channelId: string,
  overrides: Record<string, unknown> = {},
): Promise<Template> {
  const res = await call(ctx, user, 'POST', '/api/hsm', templateBody(channelId, overrides));
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Template;
}

/** Meta's `message_template_status_update` webhook for one template. */
export function templateStatusWebhook(
  wabaId: string,
  templateId: string,
  event: string,
  reason = 'NONE',
  name = 'order_update',
) {
  return {
    object: 'whatsapp_business_account',
    entry: [
      {
        id: wabaId,
        time: 1_700_000_000,
        changes: [
          {
            field: 'message_template_status_update',
            value: {
              event,
              message_template_id: Number(templateId),
              message_template_name: name,
              message_template_language: 'id',
              reason,
            },
          },
        ],
      },
    ],
  };
}
