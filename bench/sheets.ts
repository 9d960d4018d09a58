// `npm run bench -- sheets`: every hostile spreadsheet of the security review (and, for scale,
// the largest legitimate upload: 200,000 recipient rows as XLSX) posted to the built server's
// two spreadsheet endpoints. For each: the answer and how long it took, the server's peak RSS
// above its level before the upload (sampled every 5 ms), and /healthz latency while the
// upload was being read (polled back to back). Prints one JSON object.
import { readFileSync } from 'node:fs';
import { BROADCAST_LIMITS, CONTACT_IMPORT_LIMITS } from '@sapa/contracts';
import {
  HOSTILE_SHEETS,
  deflated,
  xlsx,
  type HostileSheetKey,
} from '../apps/server/src/test/hostile-sheets.js';
import { login, startSapa, type RunningSapa } from './lib/sapa.js';
import { percentile } from './lib/stats.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface UploadFigures {
  file: string;
  endpoint: string;
  bytes: number;
  status: number;
  message: string;
  ms: number;
  peakRssDeltaMb: number | null;
  healthz: { count: number; p50: number; max: number };
}

function rssMb(pid: number | undefined): number | null {
  if (!pid) return null;
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : null;
  } catch {
    return null;
  }
}

/** 200,000 rows of phone, param1, param2 as inline strings: the broadcast endpoint's ceiling. */
function legitRecipients(rows: number): Buffer {
  const cell = (ref: string, text: string) =>
    `<c r="${ref}" t="inlineStr"><is><t>${text}</t></is></c>`;
  const lines = [
    `<row r="1">${cell('A1', 'phone')}${cell('B1', 'param1')}${cell('C1', 'param2')}</row>`,
  ];
  for (let i = 2; i <= rows + 1; i++)
    lines.push(
      `<row r="${i}"><c r="A${i}"><v>6281${String(i).padStart(9, '0')}</v></c>` +
        `${cell(`B${i}`, `Customer ${i}`)}${cell(`C${i}`, `ORD-${i}`)}</row>`,
    );
  const ns = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
  return xlsx(
    deflated(`<worksheet xmlns="${ns}"><sheetData>${lines.join('')}</sheetData></worksheet>`),
  );
}

async function upload(
  sapa: RunningSapa,
  token: string,
  target: { endpoint: string; fields: Record<string, string> },
  file: { name: string; bytes: Buffer },
): Promise<UploadFigures> {
  const pid = sapa.handle.child.pid;
  await sleep(300);
  const before = rssMb(pid);
  let peak = before ?? 0;
  let uploading = true;
  const sampler = (async () => {
    while (uploading) {
      peak = Math.max(peak, rssMb(pid) ?? 0);
      await sleep(5);
    }
  })();
  const healthz: number[] = [];
  const poller = (async () => {
    while (uploading) {
      const t = performance.now();
      await fetch(`${sapa.url}/healthz`);
      healthz.push(performance.now() - t);
    }
  })();
  const form = new FormData();
  for (const [k, v] of Object.entries(target.fields)) form.set(k, v);
  form.set('file', new Blob([file.bytes]), 'upload.xlsx');
  const t0 = performance.now();
  const res = await fetch(`${sapa.url}${target.endpoint}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const body = (await res.json()) as { message?: string; validCount?: number };
  const ms = performance.now() - t0;
  uploading = false;
  await Promise.all([sampler, poller]);
  return {
    file: file.name,
    endpoint: target.endpoint,
    bytes: file.bytes.length,
    status: res.status,
    message: body.message ?? `validCount ${body.validCount ?? '?'}`,
    ms: Math.round(ms),
    peakRssDeltaMb: before === null ? null : Math.round(peak - before),
    healthz: {
      count: healthz.length,
      p50: percentile(healthz, 50),
      max: Math.round(Math.max(0, ...healthz) * 10) / 10,
    },
  };
}

export async function runSheetsBench(): Promise<object> {
  let sapa: RunningSapa | undefined;
  try {
    sapa = await startSapa();
    const password = process.env.DEMO_PASSWORD ?? 'Sapa12345';
    const token = await login(sapa.url, 'admin@demo.sapa.id', password);
    const templates = await fetch(`${sapa.url}/api/hsm?status=accepted`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const { data } = (await templates.json()) as { data: { _id: string; name: string }[] };
    const templateId = data.find((t) => t.name === 'order_update')?._id;
    if (!templateId) throw new Error('the demo seed has no accepted order_update template');
    const targets: { endpoint: string; fields: Record<string, string>; rows: number }[] = [
      { endpoint: '/api/contacts/import/preview', fields: {}, rows: CONTACT_IMPORT_LIMITS.maxRows },
      {
        endpoint: '/api/broadcasts/recipients/check',
        fields: { templateId },
        rows: BROADCAST_LIMITS.maxRows,
      },
    ];
    const results: UploadFigures[] = [];
    for (const target of targets)
      for (const key of Object.keys(HOSTILE_SHEETS) as HostileSheetKey[]) {
        const bytes = await HOSTILE_SHEETS[key].build(target.rows);
        console.error(`${target.endpoint}: ${key}`);
        results.push(await upload(sapa, token, target, { name: key, bytes }));
      }
    console.error('legitimate 200,000-row XLSX');
    results.push(
      await upload(
        sapa,
        token,
        { endpoint: '/api/broadcasts/recipients/check', fields: { templateId } },
        {
          name: 'legit200kRowsXlsx',
          bytes: legitRecipients(BROADCAST_LIMITS.maxRows),
        },
      ),
    );
    const hostile = results.filter((r) => r.file !== 'legit200kRowsXlsx');
    return {
      name: 'sheets',
      loadAverage: Number(readFileSync('/proc/loadavg', 'utf8').split(' ')[0]),
      hostile: {
        all400: hostile.every((r) => r.status === 400),
        maxMs: Math.max(...hostile.map((r) => r.ms)),
        maxPeakRssDeltaMb: Math.max(...hostile.map((r) => r.peakRssDeltaMb ?? 0)),
        maxHealthzMs: Math.max(...hostile.map((r) => r.healthz.max)),
      },
      results,
    };
  } finally {
    await sapa?.stop();
  }
}
