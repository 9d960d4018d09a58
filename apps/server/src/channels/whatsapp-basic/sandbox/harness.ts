import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildSandbox, loadConfig } from '@sapa/sandbox';
import { LocalStorage } from '../../../lib/storage.js';
import type { ContractHarness } from '../connector.contract.js';
import { SandboxConnector } from './driver.js';

/** apps/sandbox in-process on a free port, with its phone driven over its control routes. */
export async function sandboxHarness(phoneNumber = '6281200000077'): Promise<ContractHarness> {
  const sandbox = await buildSandbox(
    loadConfig({ LOG_LEVEL: 'silent', STATUS_DELAY_MS: '20', SANDBOX_SEED: 'false' }),
  );
  await sandbox.listen({ port: 0, host: '127.0.0.1' });
  const baseUrl = `http://127.0.0.1:${(sandbox.server.address() as AddressInfo).port}`;
  const dir = mkdtempSync(join(tmpdir(), 'sapa-wabasic-'));
  const storage = new LocalStorage(dir);
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${baseUrl}${path}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await res.json()) as Record<string, unknown>;
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
    return json;
  };
  const chat = `/sandbox/wa/phones/${phoneNumber}/chats`;
  return {
    connector: new SandboxConnector({ baseUrl, storage }),
    storage,
    phoneNumber,
    phone: {
      scan: async (qr) => {
        await call('POST', '/sandbox/wa/scan', { code: qr, phone: phoneNumber });
      },
      customerSays: async (customer, text, replyTo) =>
        (await call('POST', `${chat}/${customer}/messages`, { type: 'text', text, replyTo })) as {
          id: string;
        },
      customerSendsImage: async (customer, bytes, caption) =>
        (await call('POST', `${chat}/${customer}/messages`, {
          type: 'image',
          caption,
          media: { data: bytes.toString('base64'), mimeType: 'image/jpeg' },
        })) as { id: string },
      customerReacts: async (customer, targetId, emoji) => {
        await call('POST', `${chat}/${customer}/reactions`, { targetId, emoji });
      },
      customerReads: async (customer) => {
        await call('POST', `${chat}/${customer}/read`);
      },
      chat: async (customer) => {
        const body = (await call('GET', `${chat}/${customer}`)) as {
          messages: Array<{ id: string; from: string; text: string | null }>;
        };
        return body.messages.map((m) => ({
          id: m.id,
          fromMe: m.from === 'business',
          text: m.text,
        }));
      },
      devices: async () => {
        const phone = (await call('GET', `/sandbox/wa/phones/${phoneNumber}`)) as {
          devices: Array<{ id: string }>;
        };
        return phone.devices.map((d) => d.id);
      },
      groups: {
        create: async (subject, participants) =>
          String(
            (
              await call('POST', `/sandbox/wa/phones/${phoneNumber}/groups`, {
                subject,
                participants,
              })
            ).jid,
          ),
        participantSays: async (group, participant, text) =>
          (await call('POST', `/sandbox/wa/phones/${phoneNumber}/groups/${group}/messages`, {
            from: participant,
            type: 'text',
            text,
          })) as { id: string },
        chat: async (group) => {
          const body = (await call('GET', `/sandbox/wa/phones/${phoneNumber}/groups/${group}`)) as {
            messages: Array<{ id: string; from: string; text: string | null }>;
          };
          return body.messages.map((m) => ({
            id: m.id,
            fromMe: m.from === 'business',
            text: m.text,
          }));
        },
      },
      logOutDevice: async () => {
        const phone = (await call('GET', `/sandbox/wa/phones/${phoneNumber}`)) as {
          devices: Array<{ id: string }>;
        };
        for (const d of phone.devices) {
          await call('DELETE', `/sandbox/wa/devices/${encodeURIComponent(d.id)}`);
        }
      },
    },
    close: async () => {
      await sandbox.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
