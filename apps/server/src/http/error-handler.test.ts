import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/harness.js';
import { registerErrorHandler } from './error-handler.js';

/**
 * The backstop behind the contracts: a value PostgreSQL refuses as input (a NUL, a number past
 * bigint, a date that does not exist) is the caller's mistake, so a 400, never a 500.
 */
describe('error handler: PostgreSQL input errors', () => {
  let ctx: TestContext;
  const app = Fastify();

  beforeAll(async () => {
    ctx = await createTestContext();
    registerErrorHandler(app);
    // Real queries on the real database, so the errors are the driver's own.
    app.get('/text', async () => ctx.deps.pool.query('SELECT $1::text', ['a\u0000b']));
    app.get('/jsonb', async () => ctx.deps.pool.query('SELECT $1::jsonb', ['{"a":"\\u0000"}']));
    app.get('/bigint', async () => ctx.deps.pool.query('SELECT $1::bigint', ['9'.repeat(30)]));
    app.get('/uuid', async () => ctx.deps.pool.query('SELECT $1::uuid', ['nope']));
    app.get('/time', async () =>
      ctx.deps.pool.query('SELECT $1::timestamptz', ['2024-13-45T10:00:00Z']),
    );
    app.get('/broken', async () => ctx.deps.pool.query('SELECT * FROM no_such_table'));
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await ctx.close();
  });

  it.each([
    ['/text', 'The request contains a character that cannot be stored'],
    ['/jsonb', 'The request contains a character that cannot be stored'],
    ['/bigint', 'A number in the request is out of range'],
    ['/uuid', 'A value in the request is not valid'],
    ['/time', 'A value in the request is not valid'],
  ])('%s answers 400', async (url, message) => {
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ statusCode: 400, error: 'Bad Request', message });
  });

  it('a fault of ours stays a 500', async () => {
    const res = await app.inject({ method: 'GET', url: '/broken' });
    expect(res.statusCode).toBe(500);
  });
});
