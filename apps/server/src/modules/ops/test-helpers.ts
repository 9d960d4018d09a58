import { randomBytes } from 'node:crypto';
import { OPS_COOKIE } from '@sapa/contracts';
import { generatePin } from '../auth/two-factor.js';
import type { TestContext } from '../../test/harness.js';
import { runOperatorCli } from './cli.js';

export const OPS_PASSWORD = 'Operator-Pass-42';

export interface TestOperator {
  email: string;
  secret: string;
  /** The Cookie header of a fully signed-in console session. */
  cookie: { cookie: string };
}

/** Runs the CLI entry in-process on the test database; its output, line by line. */
export async function cli(ctx: TestContext, ...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runOperatorCli(
    argv,
    {
      db: ctx.deps.db,
      pool: ctx.deps.pool,
      clock: ctx.clock,
      config: ctx.deps.config,
      secrets: ctx.deps.secrets,
      log: ctx.deps.log,
    },
    { out: (l) => out.push(l), err: (l) => err.push(l) },
  );
  return { code, out: out.join('\n'), err: err.join('\n') };
}

export function cookieOf(res: { cookies: { name: string; value: string }[] }): string {
  const found = res.cookies.find((c) => c.name === OPS_COOKIE);
  if (!found) throw new Error('no ops cookie in the answer');
  return `${OPS_COOKIE}=${found.value}`;
}

/** Codes move on a 30 s step; every new code in a test comes from a later step. */
export function nextPin(ctx: TestContext, secret: string): string {
  ctx.clock.advance(30_000);
  return generatePin(secret, ctx.clock.now());
}

/** `create` through the CLI, the setup page's two calls, then a full sign-in with a code. */
export async function createOperator(ctx: TestContext): Promise<TestOperator> {
  const email = `op-${randomBytes(4).toString('hex')}@sapa.test`;
  const created = await cli(ctx, 'create', email);
  if (created.code !== 0) throw new Error(created.err);
  const link = created.out.split('\n').find((l) => l.includes('/ops/setup?token='));
  const token = new URL(link ?? '').searchParams.get('token') ?? '';
  const info = await ctx.app.inject({ method: 'GET', url: `/api/ops/setup?token=${token}` });
  const secret = (info.json() as { secret: string }).secret;
  const setup = await ctx.app.inject({
    method: 'POST',
    url: '/api/ops/setup',
    payload: { token, name: 'Ops Person', password: OPS_PASSWORD, pin: nextPin(ctx, secret) },
  });
  if (setup.statusCode !== 200) throw new Error(`setup failed: ${setup.body}`);
  const cookie = await signInOperator(ctx, email, secret);
  return { email, secret, cookie: { cookie } };
}

export async function signInOperator(
  ctx: TestContext,
  email: string,
  secret: string,
): Promise<string> {
  const signIn = await ctx.app.inject({
    method: 'POST',
    url: '/api/ops/auth/sign-in',
    payload: { email, password: OPS_PASSWORD },
    remoteAddress: randomAddress(),
  });
  if (signIn.statusCode !== 200) throw new Error(`sign-in failed: ${signIn.body}`);
  const verified = await ctx.app.inject({
    method: 'POST',
    url: '/api/ops/auth/two-factor',
    headers: { cookie: cookieOf(signIn) },
    payload: { pin: nextPin(ctx, secret) },
  });
  if (verified.statusCode !== 200) throw new Error(`2FA failed: ${verified.body}`);
  return cookieOf(verified);
}

export function randomAddress(): string {
  const b = randomBytes(3);
  return `10.${b[0]}.${b[1]}.${1 + ((b[2] ?? 0) % 250)}`;
}
