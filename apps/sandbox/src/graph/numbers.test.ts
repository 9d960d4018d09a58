import { describe, expect, it } from 'vitest';
import { DEMO_NUMBER } from '../config.js';
import { AUTH, PNID, testSandbox } from '../test/helpers.js';
import { sandboxPerTest } from '../test/per-test.js';

const sandbox = sandboxPerTest(() => testSandbox({ publicUrl: 'http://sandbox.test:4010' }));

const addNumber = (phoneNumberId: string, wabaId: string, accessToken: string) =>
  sandbox.app.inject({
    method: 'POST',
    url: '/sandbox/numbers',
    payload: {
      phoneNumberId,
      displayPhoneNumber: `62811${phoneNumberId.slice(-7)}`,
      wabaId,
      accessToken,
      name: `Toko ${phoneNumberId}`,
    },
  });

const get = (url: string, token: string | null) =>
  sandbox.app.inject({ url, headers: token ? { authorization: `Bearer ${token}` } : {} });

describe('phone number reads (how Sapa verifies a number before connecting it)', () => {
  it('answers GET /{phone-number-id}?fields= with the fields asked for', async () => {
    const res = await get(
      `/v21.0/${PNID}?fields=id,display_phone_number,verified_name`,
      'sandbox-access-token',
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: PNID,
      display_phone_number: DEMO_NUMBER.displayPhoneNumber,
      verified_name: DEMO_NUMBER.name,
    });
  });

  it("answers a token nobody holds with 190, and a real token asking for a number it can't see with 100/33", async () => {
    await addNumber('100000000000002', '200000000000002', 'tok-2');
    const bad = await get(`/v21.0/${PNID}?fields=id`, 'made-up-token');
    expect(bad.statusCode).toBe(401);
    expect(bad.json()).toMatchObject({ error: { code: 190, type: 'OAuthException' } });
    expect((await get(`/v21.0/${PNID}?fields=id`, null)).json().error.code).toBe(190);

    const hidden = await get(`/v21.0/${PNID}?fields=id`, 'tok-2');
    expect(hidden.statusCode).toBe(400);
    expect(hidden.json()).toMatchObject({ error: { code: 100, error_subcode: 33 } });
    expect(hidden.json().error.message).toMatch(
      new RegExp(
        `^Unsupported get request\\. Object with ID '${PNID}' does not exist, cannot be loaded due to missing permissions`,
      ),
    );
    // An id that does not exist reads exactly the same.
    const missing = await get('/v21.0/123456789012345?fields=id', 'tok-2');
    expect(missing.json().error).toMatchObject({ code: 100, error_subcode: 33 });
  });

  it('lists a WABA’s numbers for a token of that WABA, paged with an after cursor', async () => {
    const waba = '200000000000009';
    await addNumber('100000000000091', waba, 'tok-91');
    await addNumber('100000000000092', waba, 'tok-92');
    await addNumber('100000000000093', waba, 'tok-93');
    const first = await get(`/v21.0/${waba}/phone_numbers?fields=id&limit=2`, 'tok-92');
    expect(first.statusCode).toBe(200);
    const body = first.json<{
      data: { id: string }[];
      paging: { cursors: { after: string }; next?: string };
    }>();
    expect(body.data).toEqual([{ id: '100000000000091' }, { id: '100000000000092' }]);
    expect(body.paging.next).toContain(`after=${body.paging.cursors.after}`);
    const second = await get(
      `/v21.0/${waba}/phone_numbers?fields=id&limit=2&after=${body.paging.cursors.after}`,
      'tok-92',
    );
    expect(second.json()).toMatchObject({ data: [{ id: '100000000000093' }] });
    expect(second.json().paging.next).toBeUndefined();

    // The demo number's token cannot read this WABA; nor can anyone read an unknown one.
    const foreign = await sandbox.app.inject({
      url: `/v21.0/${waba}/phone_numbers`,
      headers: AUTH,
    });
    expect(foreign.json().error).toMatchObject({ code: 100, error_subcode: 33 });
    const demo = await sandbox.app.inject({
      url: `/v21.0/${DEMO_NUMBER.wabaId}/phone_numbers`,
      headers: AUTH,
    });
    expect(demo.json().data.map((n: { id: string }) => n.id)).toEqual([PNID]);
  });
});
