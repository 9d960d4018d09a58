// docs/API.md's getting-started section, run as written: its curl commands create a key and send
// a template with it, and its receiver.mjs (the `standardwebhooks` package) verifies the
// `message.status` webhooks that follow. A change that breaks the docs breaks this spec.
import { expect, test } from '@playwright/test';
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { customerSends, DEMO_NUMBER, NEEDS_SANDBOX, SANDBOX_URL } from './helpers/sandbox.js';
import { ensureApprovedTemplate } from './helpers/templates.js';
import { DEMO_ADMIN_EMAIL, DEMO_PASSWORD } from './helpers/users.js';

const ROOT = join(import.meta.dirname, '..');
// The number the docs search for.
const DOCS_PHONE = '6281234567890';

/** The section's fenced code blocks, in order. */
function docsBlocks(): { lang: string; code: string }[] {
  const doc = readFileSync(join(ROOT, 'docs/API.md'), 'utf8');
  const start = doc.indexOf('## Getting started');
  const section = doc.slice(start, doc.indexOf('\n## ', start + 1));
  return [...section.matchAll(/```(\w+)\n([\s\S]*?)```/g)].map((m) => ({
    lang: m[1]!,
    code: m[2]!,
  }));
}

/** Runs a shell block as a reader would paste it, with their variables already set. */
function sh(code: string, env: Record<string, string>): string {
  // The reader's own `export` of placeholders is left out: the test sets the real values.
  const script = code
    .split('\n')
    .filter((line) => !line.startsWith('export '))
    .join('\n');
  const run = spawnSync('bash', ['-euo', 'pipefail', '-c', script], {
    env: { ...process.env, ...env },
    encoding: 'utf8',
  });
  expect(run.status, `${script}\n${run.stderr}`).toBe(0);
  return run.stdout;
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

test('the getting-started commands in docs/API.md work as written', async ({
  baseURL,
  request,
}) => {
  test.skip(!SANDBOX_URL, NEEDS_SANDBOX);
  test.setTimeout(90_000);
  const blocks = docsBlocks();
  expect(blocks.map((b) => b.lang)).toEqual(['sh', 'sh', 'js']);
  const [createKey, sendTemplate, receiverCode] = blocks.map((b) => b.code) as [
    string,
    string,
    string,
  ];
  const SAPA = baseURL!;

  // An admin signs in; webhooks and the REST API are switched on for the account.
  const login = await request.post('/api/auth/login', {
    data: { email: DEMO_ADMIN_EMAIL, password: DEMO_PASSWORD },
  });
  expect(login.status()).toBe(200);
  const ADMIN_TOKEN = ((await login.json()) as { accessToken: string }).accessToken;
  const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };
  const settings = await request.post('/api/settings', {
    headers: admin,
    data: {
      settings: [
        { key: 'enable_rest_api', value: 'true' },
        { key: 'enable_webhook', value: 'true' },
      ],
    },
  });
  expect(settings.status(), await settings.text()).toBe(200);

  // 1. The key, by curl.
  const created = JSON.parse(sh(createKey, { SAPA, ADMIN_TOKEN })) as { key: string };
  expect(created.key).toMatch(/^sapa_live_/);

  // 3 first: the receiver of the docs, listening, and an endpoint pointing at it.
  const port = await freePort();
  const endpoint = await request.post('/api/webhook-endpoints', {
    headers: admin,
    data: { url: `http://127.0.0.1:${port}/`, events: ['message.status'] },
  });
  expect(endpoint.ok(), await endpoint.text()).toBe(true);
  const { secret } = (await endpoint.json()) as { secret: string };
  const dir = join(ROOT, 'e2e/artifacts/docs-receiver');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'receiver.mjs'), receiverCode);
  const receiver = spawn(process.execPath, [join(dir, 'receiver.mjs')], {
    // Plain output: Playwright forces colours on its children, which would wrap the values.
    env: {
      ...process.env,
      FORCE_COLOR: '0',
      NO_COLOR: '1',
      SAPA_WEBHOOK_SECRET: secret,
      PORT: String(port),
    },
  });
  let printed = '';
  receiver.stdout.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  try {
    // The customer the docs search for has written; the demo number has an approved template.
    await customerSends(request, { waId: DOCS_PHONE, name: 'Rina', text: 'Pesanan saya?' });
    const TEMPLATE_ID = await ensureApprovedTemplate({
      phoneNumberId: DEMO_NUMBER,
      name: 'order_update',
      language: 'id',
      category: 'UTILITY',
      headerText: 'Info pesanan',
      content: 'Halo {{1}}, pesanan {{2}} sudah kami kirim. Balas pesan ini bila ada pertanyaan.',
      examples: ['Rina', 'SP-1042'],
      footer: 'Demo Company',
      providerTemplateId: '880000000000001',
    });
    let CHAT_ID = '';
    await expect(async () => {
      const chats = await request.get(`/api/chats/paginate?searchText=${DOCS_PHONE}`, {
        headers: admin,
      });
      const list = (await chats.json()) as { data: Array<{ _id: string; identifier: string }> };
      CHAT_ID = list.data.find((c) => c.identifier === DOCS_PHONE)?._id ?? '';
      expect(CHAT_ID).not.toBe('');
    }).toPass({ timeout: 15_000 });

    // 2. The chat, its templates and the send, by curl with the key.
    const out = sh(sendTemplate, { SAPA, SAPA_KEY: created.key, CHAT_ID, TEMPLATE_ID });
    expect(out).toContain(CHAT_ID);
    expect(out).toContain(TEMPLATE_ID);
    expect(out).toContain('"status":"queue"');

    // 3. The receiver verified and printed the template's statuses.
    await expect.poll(() => printed, { timeout: 30_000 }).toContain('message.status');
    await expect.poll(() => printed, { timeout: 30_000 }).toContain("status: 'delivered'");
  } finally {
    receiver.kill();
    // Leave the demo account as the other specs expect it: no endpoint, both switches off.
    const { id } = (await endpoint.json()) as { id: string };
    await request.delete(`/api/webhook-endpoints/${id}`, { headers: admin });
    await request.post('/api/settings', {
      headers: admin,
      data: {
        settings: [
          { key: 'enable_rest_api', value: 'false' },
          { key: 'enable_webhook', value: 'false' },
        ],
      },
    });
  }
});
