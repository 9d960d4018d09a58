import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Template } from '@sapa/contracts';
import { createTestContext, type TestContext } from '../test/harness.js';
import { login } from '../test/fixtures.js';
import { seedDemo } from './demo.js';
import { seedDemoMessaging } from './demo-messaging.js';
import { seedDemoTemplates } from './demo-templates.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ demoPassword: 'DemoPass123' });
  await seedDemo(ctx.deps);
  await seedDemoMessaging(ctx.deps);
});
afterAll(() => ctx.close());

describe('demo templates seed', () => {
  it('adds three accepted templates to the demo channel, once', async () => {
    expect(await seedDemoTemplates(ctx.deps)).toBe(3);
    expect(await seedDemoTemplates(ctx.deps)).toBe(0);
    const token = await login(ctx, 'admin@demo.sapa.id', 'DemoPass123');
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/hsm?status=accepted',
      headers: { authorization: `Bearer ${token}` },
    });
    const { data } = res.json() as { data: Template[] };
    expect(data.map((t) => [t.name, t.bodyParamCount, t.templateId]).sort()).toEqual([
      ['csat_survey', 1, '880000000000003'],
      ['order_update', 2, '880000000000001'],
      ['promo_weekend', 2, '880000000000002'],
    ]);
  });
});
