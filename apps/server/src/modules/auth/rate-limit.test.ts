import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@sapa/contracts';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { createAccount, createUser, PASSWORD } from '../../test/fixtures.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('login rate limits', () => {
  it('answers 429 after 10 attempts for one email, even with the right password', async () => {
    const user = await createUser(ctx, await createAccount(ctx));
    for (let i = 0; i < 10; i++) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: user.email, password: 'Wrong1234' },
        remoteAddress: `10.0.0.${i}`,
      });
      expect(res.statusCode).toBe(401);
    }
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: PASSWORD },
      remoteAddress: '10.0.1.1',
    });
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toBe(MESSAGES.tooManyAttempts);
  });

  it('answers 429 after 50 attempts from one IP across emails', async () => {
    for (let i = 0; i < 50; i++) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: `nobody${i}@example.com`, password: 'x' },
        remoteAddress: '10.9.9.9',
      });
      expect(res.statusCode).toBe(401);
    }
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'fresh@example.com', password: 'x' },
      remoteAddress: '10.9.9.9',
    });
    expect(res.statusCode).toBe(429);
  });
});
