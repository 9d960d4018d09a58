import { expect } from 'vitest';
import type { ContactGroup } from '@sapa/contracts';
import type { TestContext } from '../../test/harness.js';
import type { TestUser } from '../../test/fixtures.js';

export type GroupBody = ContactGroup;

export const call = (
  ctx: TestContext,
  user: TestUser,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: Record<string, unknown>,
) => ctx.app.inject({ method, url, headers: user.auth, ...(payload ? { payload } : {}) });

export async function newGroup(
  ctx: TestContext,
  user: TestUser,
  body: { name: string; description?: string; channel?: string | null },
): Promise<GroupBody> {
  const res = await call(ctx, user, 'POST', '/api/contacts/groups', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as GroupBody;
}

/**
 * `count` contacts of the account in one statement (the bulk tests need ten thousand), named
 * `${prefix} 00001`… so their alphabetical order is their creation order.
 */
export async function createContacts(
  ctx: TestContext,
  accountId: string,
  count: number,
  prefix = `Contact ${Math.random().toString(36).slice(2, 8)}`,
): Promise<string[]> {
  const rows = await ctx.deps.db
    .insertInto('contacts')
    .values(
      Array.from({ length: count }, (_, i) => ({
        account_id: accountId,
        name: `${prefix} ${String(i + 1).padStart(5, '0')}`,
        phone: null,
        attributes: '{}',
      })),
    )
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}
