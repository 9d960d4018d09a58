import { describe, expect, it } from 'vitest';
import { DEMO_NUMBER } from '../config.js';
import { AUTH, testSandbox } from '../test/helpers.js';
import { sandboxPerTest } from '../test/per-test.js';

const sandbox = sandboxPerTest(() => testSandbox({ templateReviewMs: 20 }));

const WABA = DEMO_NUMBER.wabaId;
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

async function upload(bytes: Buffer, fileType = 'image/png', length = bytes.length) {
  const start = await sandbox.app.inject({
    method: 'POST',
    url: `/v21.0/sandbox-app/uploads?file_name=a.png&file_length=${length}&file_type=${encodeURIComponent(fileType)}`,
    headers: AUTH,
  });
  if (start.statusCode !== 200) return start;
  const id = start.json().id as string;
  expect(id).toMatch(/^upload:/);
  return sandbox.app.inject({
    method: 'POST',
    url: `/v21.0/${id}`,
    headers: {
      authorization: `OAuth ${DEMO_NUMBER.accessToken}`,
      file_offset: '0',
      'content-type': 'application/octet-stream',
    },
    payload: bytes,
  });
}

const imageTemplate = (handle: unknown) => ({
  name: 'katalog',
  language: 'id',
  category: 'MARKETING',
  components: [
    {
      type: 'HEADER',
      format: 'IMAGE',
      ...(handle === undefined ? {} : { example: { header_handle: [handle] } }),
    },
    { type: 'BODY', text: 'Katalog baru sudah terbit' },
  ],
});

const createTemplate = (payload: object) =>
  sandbox.app.inject({
    method: 'POST',
    url: `/v21.0/${WABA}/message_templates`,
    headers: AUTH,
    payload,
  });

describe('Resumable Upload API for template header examples', () => {
  it('opens a session, takes the bytes, and answers a handle a media header accepts', async () => {
    const done = await upload(PNG);
    expect(done.statusCode).toBe(200);
    const handle = done.json().h as string;
    expect(handle).toMatch(/^4::/);
    const created = await createTemplate(imageTemplate(handle));
    expect(created.statusCode).toBe(200);
    expect(created.json()).toMatchObject({ status: 'PENDING' });
  });

  it('refuses a media header whose example is a link, missing, or the wrong kind of file', async () => {
    const link = await createTemplate(imageTemplate('https://cdn.example.com/a.png'));
    expect(link.statusCode).toBe(400);
    expect(link.json().error).toMatchObject({ code: 100, error_subcode: 2388273 });
    const none = await createTemplate(imageTemplate(undefined));
    expect(none.json().error.error_subcode).toBe(2388273);
    const pdf = (await upload(Buffer.from('%PDF-1.4'), 'application/pdf')).json().h as string;
    const wrong = await createTemplate(imageTemplate(pdf));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.error_user_msg ?? wrong.json().error.message).toBeTruthy();
  });

  it('refuses a wrong token, an unknown type, and bytes that differ from the declared length', async () => {
    const badToken = await sandbox.app.inject({
      method: 'POST',
      url: '/v21.0/sandbox-app/uploads?file_length=8&file_type=image/png',
      headers: { authorization: 'Bearer nope' },
    });
    expect(badToken.statusCode).toBe(401);
    expect((await upload(PNG, 'image/gif')).statusCode).toBe(400);
    const short = await upload(PNG, 'image/png', PNG.length + 5);
    expect(short.statusCode).toBe(400);
    expect(short.json().error.message).toContain('the session was opened for');
  });
});
