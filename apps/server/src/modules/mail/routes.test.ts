import { afterEach, describe, expect, it } from 'vitest';
import type { Config } from '../../config.js';
import { createTestContext, type TestContext } from '../../test/harness.js';

let ctx: TestContext | null = null;
afterEach(async () => {
  await ctx?.close();
  ctx = null;
});

async function mailboxOf(config: Partial<Config>) {
  ctx = await createTestContext(config);
  await ctx.deps.mailer.send({
    to: 'new.hire@example.com',
    template: 'reset_password',
    language: 'en',
    accountId: null,
    vars: { link: 'https://sapa.test/reset-password?token=secret-token', name: 'Ani' },
  });
  const api = await ctx.app.inject({ method: 'GET', url: '/api/dev/mailbox' });
  const page = await ctx.app.inject({ method: 'GET', url: '/dev/mailbox' });
  return { api, page };
}

describe('the development mailbox', () => {
  it('shows mail sent without SMTP outside production', async () => {
    const { api, page } = await mailboxOf({ env: 'development', smtpUrl: undefined });
    expect(api.statusCode).toBe(200);
    expect(api.json().data[0]).toMatchObject({ to: 'new.hire@example.com' });
    expect(api.json().data[0].html).toContain('secret-token');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Development mailbox');
  });

  it('does not exist in production, even without SMTP_URL', async () => {
    const { api, page } = await mailboxOf({ env: 'production', smtpUrl: undefined });
    expect(api.statusCode).toBe(404);
    expect(page.statusCode).toBe(404);
    expect(api.body + page.body).not.toContain('secret-token');
  });
});
