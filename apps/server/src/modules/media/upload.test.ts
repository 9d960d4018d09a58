import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { createAccount, createUser, type TestUser } from '../../test/fixtures.js';
import { classifyUpload } from './service.js';

let ctx: TestContext;
let user: TestUser;
beforeAll(async () => {
  ctx = await createTestContext({ config: { mediaDir: `/tmp/sapa-test-media-${process.pid}` } });
  user = await createUser(ctx, await createAccount(ctx));
});
afterAll(() => ctx.close());

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4e90000000049454e44ae426082',
  'hex',
);

function multipart(filename: string, mime: string, bytes: Buffer) {
  const boundary = '----sapa' + Math.random().toString(16).slice(2);
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${mime}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, bytes, tail]),
    headers: { ...user.auth, 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe('POST /api/media', () => {
  it('judges a file by its content, not its name', async () => {
    const real = await ctx.app.inject({
      method: 'POST',
      url: '/api/media',
      ...multipart('photo.png', 'image/png', PNG),
    });
    expect(real.statusCode).toBe(201);
    expect(real.json()).toMatchObject({
      kind: 'image',
      mimeType: 'image/png',
      filename: 'photo.png',
    });
    // A script renamed to .jpg is not an image.
    const fake = await ctx.app.inject({
      method: 'POST',
      url: '/api/media',
      ...multipart('cat.jpg', 'image/jpeg', Buffer.from('<script>alert(1)</script>')),
    });
    expect(fake.statusCode).toBe(201);
    expect(fake.json()).toMatchObject({ kind: 'document', mimeType: 'application/octet-stream' });
  });

  it('refuses files over 1 MB and empty files', async () => {
    const big = await ctx.app.inject({
      method: 'POST',
      url: '/api/media',
      ...multipart('big.pdf', 'application/pdf', Buffer.alloc(1_048_577, 1)),
    });
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe('The file may not be larger than 1 MB');
    const empty = await ctx.app.inject({
      method: 'POST',
      url: '/api/media',
      ...multipart('e.txt', 'text/plain', Buffer.alloc(0)),
    });
    expect(empty.statusCode).toBe(400);
  });

  it('needs a signed-in user', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/media',
      ...multipart('photo.png', 'image/png', PNG),
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('classifyUpload (spec §5)', () => {
  it.each([
    ['image/jpeg', 'x', 'image'],
    ['image/png', 'x', 'image'],
    ['video/mp4', 'x', 'video'],
    ['application/ogg', 'x', 'video'],
    ['image/gif', 'image/gif', 'document'],
    ['application/pdf', 'application/pdf', 'document'],
    [null, 'text/csv', 'document'],
  ] as const)('%s → %s', (detected, declared, kind) => {
    expect(classifyUpload(detected, declared).kind).toBe(kind);
  });
});
