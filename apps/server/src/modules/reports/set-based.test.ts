import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rng } from '../../seed/large-data.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { BUCKET_EDGES, bucketOf } from './histogram.js';
import { secondsWithin } from './working-hours.js';

/** The SQL twins the set-based backfill uses agree with the functions the listeners use. */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3));

describe('report_seconds_within and width_bucket', () => {
  it('agree with secondsWithin and bucketOf on random spans', async () => {
    const random = rng(42);
    const zones = ['Asia/Jakarta', 'Asia/Jayapura', 'America/New_York', 'UTC'];
    const hours = [
      { start: '08:00', end: '17:00' },
      { start: '22:00', end: '06:00' },
      { start: '00:00', end: '00:00' },
      { start: '09:30', end: '21:15' },
    ];
    const cases = Array.from({ length: 300 }, () => {
      const a = Date.UTC(2026, 0, 1) + Math.floor(random() * 365 * 86_400) * 1000;
      const span = Math.floor(random() ** 3 * 20 * 86_400) * 1000;
      return {
        a: new Date(a),
        b: new Date(a + span),
        tz: zones[Math.floor(random() * zones.length)]!,
        h: hours[Math.floor(random() * hours.length)]!,
      };
    });
    const { rows } = await ctx.deps.pool.query<{ within: number; bucket: number }>(
      `SELECT report_seconds_within(a, b, o, c, tz) AS within,
              width_bucket(floor(extract(epoch FROM b - a))::int, $6::int[]) AS bucket
       FROM unnest($1::timestamptz[], $2::timestamptz[], $3::int[], $4::int[], $5::text[]) AS t(a, b, o, c, tz)`,
      [
        cases.map((c) => c.a),
        cases.map((c) => c.b),
        cases.map((c) => minutes(c.h.start)),
        cases.map((c) => minutes(c.h.end)),
        cases.map((c) => c.tz),
        [...BUCKET_EDGES],
      ],
    );
    const expected = cases.map((c) => ({
      within: secondsWithin(c.a, c.b, c.h, c.tz),
      bucket: bucketOf((c.b.getTime() - c.a.getTime()) / 1000),
    }));
    expect(rows).toEqual(expected);
  });
});
