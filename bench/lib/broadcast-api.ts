// What the broadcast bench does through Sapa's API, its database and the sandbox's controls.
import type pg from 'pg';
import { DEMO_PHONE_NUMBER_ID } from './meta.js';

/** The sandbox's seeded demo number's token (apps/sandbox/src/config.ts, DEMO_NUMBER). */
const DEMO_ACCESS_TOKEN = 'sandbox-access-token';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function api<T>(base: string, token: string, path: string, init: RequestInit = {}) {
  const res = await fetch(`${base}${path}`, {
    ...init,
    headers: { authorization: `Bearer ${token}`, ...(init.headers ?? {}) },
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path} answered ${res.status}: ${text}`);
  return JSON.parse(text) as T;
}

/** Uploads a CSV of `n` recipients and confirms the broadcast to send now, through the API. */
export async function createThroughApi(
  base: string,
  token: string,
  ids: { channelId: string; templateId: string },
  n: number,
  prefix: string,
): Promise<{ broadcastId: string; uploadMs: number; confirmMs: number; valid: number }> {
  const lines = ['phone,param1,param2'];
  for (let i = 1; i <= n; i++)
    lines.push(`${prefix}${String(i).padStart(7, '0')},Customer ${i},ORD-${i}`);
  const form = new FormData();
  form.set('templateId', ids.templateId);
  form.set('title', `Bench ${n}`);
  form.set('file', new Blob([lines.join('\n')], { type: 'text/csv' }), 'recipients.csv');
  const t0 = Date.now();
  const check = await api<{ draftId: string; validCount: number; invalidCount: number }>(
    base,
    token,
    '/api/broadcasts/recipients/check',
    { method: 'POST', body: form },
  );
  const t1 = Date.now();
  const created = await api<{ _id: string }>(base, token, '/api/broadcasts', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      title: `Bench ${n}`,
      channelId: ids.channelId,
      templateId: ids.templateId,
      draftId: check.draftId,
      scheduledAt: null,
      selfAssign: false,
    }),
  });
  return {
    broadcastId: created._id,
    uploadMs: t1 - t0,
    confirmMs: Date.now() - t1,
    valid: check.validCount,
  };
}

export async function counts(db: pg.Pool, broadcastId: string) {
  const { rows } = await db.query<{ sent: number; delivered: number; open: number }>(
    `SELECT count(*) FILTER (WHERE status IN ('sent', 'delivered', 'read'))::int AS sent,
            count(*) FILTER (WHERE status IN ('delivered', 'read'))::int AS delivered,
            count(*) FILTER (WHERE status IN ('queue', 'sending', 'delayed'))::int AS open
     FROM broadcast_recipients WHERE broadcast_id = $1`,
    [broadcastId],
  );
  return rows[0]!;
}

export async function ledger(sandboxUrl: string, prefix: string, expected: number) {
  const res = await fetch(
    `${sandboxUrl}/sandbox/ledger?phoneNumberId=${DEMO_PHONE_NUMBER_ID}&counts=true`,
  );
  const body = (await res.json()) as { counts: Record<string, number> };
  const mine = Object.entries(body.counts).filter(([to]) => to.startsWith(prefix));
  return {
    duplicates: mine.filter(([, c]) => c > 1).length,
    misses: expected - mine.length,
  };
}

export async function setRates(db: pg.Pool, sandboxUrl: string, channelId: string, rate: number) {
  await db.query('UPDATE channels SET broadcast_rate = $2 WHERE id = $1', [channelId, rate]);
  await fetch(`${sandboxUrl}/sandbox/throughput`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ phoneNumberId: DEMO_PHONE_NUMBER_ID, messagesPerSecond: rate }),
  });
}

/** The sandbox's view of the number: its rate, sends refused with 130429, and by arrival. */
export async function throughput(sandboxUrl: string) {
  const res = await fetch(`${sandboxUrl}/sandbox/throughput?phoneNumberId=${DEMO_PHONE_NUMBER_ID}`);
  return (await res.json()) as { refused: number; arrivals: number; maxPerSecond: number };
}

export interface PacedRun {
  recipients: number;
  configuredPerSecond: number;
  achievedPerSecond: number;
  pacingErrorPct: number;
  /** The most send requests the sandbox received within any 1-second window, and its ratio. */
  maxPerSecond: number;
  maxOfConfigured: number;
  refused130429: number;
  duplicates: number;
  misses: number;
}

/**
 * One broadcast of `n` recipients at `rate`, sampled every 250 ms until done. `stall` slows that
 * many of Meta's answers by `delayMs` once a fifth is sent (a slow second at Meta): the sender
 * must neither stop nor make up for it with a burst.
 */
export async function pacedRun(
  env: { db: pg.Pool; sandboxUrl: string; base: string; token: string },
  ids: { channelId: string; templateId: string },
  opts: { n: number; rate: number; prefix: string; stall?: { times: number; delayMs: number } },
): Promise<PacedRun> {
  await setRates(env.db, env.sandboxUrl, ids.channelId, opts.rate);
  const refusedBefore = (await throughput(env.sandboxUrl)).refused;
  const run = await createThroughApi(env.base, env.token, ids, opts.n, opts.prefix);
  const samples: { t: number; sent: number }[] = [];
  let stalled = !opts.stall;
  for (;;) {
    const c = await counts(env.db, run.broadcastId);
    samples.push({ t: Date.now(), sent: c.sent });
    if (!stalled && opts.stall && c.sent >= opts.n * 0.2) {
      stalled = true;
      await fetch(`${env.sandboxUrl}/sandbox/faults`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          phoneNumberId: DEMO_PHONE_NUMBER_ID,
          rules: [
            {
              endpoint: 'messages',
              respond: 'slow',
              delayMs: opts.stall.delayMs,
              times: opts.stall.times,
            },
          ],
        }),
      });
    }
    if (c.open === 0) break;
    await sleep(250);
  }
  // Steady state: from 5% to 95% sent, as the database saw it.
  const from = samples.find((x) => x.sent >= opts.n * 0.05)!;
  const to = samples.find((x) => x.sent >= opts.n * 0.95)!;
  const achieved = (to.sent - from.sent) / ((to.t - from.t) / 1000);
  const seen = await throughput(env.sandboxUrl);
  const sent = await ledger(env.sandboxUrl, opts.prefix, run.valid);
  return {
    recipients: opts.n,
    configuredPerSecond: opts.rate,
    achievedPerSecond: Math.round(achieved * 10) / 10,
    pacingErrorPct: Math.round(((achieved - opts.rate) / opts.rate) * 1000) / 10,
    maxPerSecond: seen.maxPerSecond,
    maxOfConfigured: Math.round((seen.maxPerSecond / opts.rate) * 100) / 100,
    refused130429: seen.refused - refusedBefore,
    duplicates: sent.duplicates,
    misses: sent.misses,
  };
}

/**
 * The control for the pacing figures: a bare client in this process that sends template messages
 * straight to the sandbox on a timer, one every 1/rate s, skipping (as Sapa's pacer does) a slot
 * its timer fired more than 50 ms late for. What its busiest second shows above the rate is the
 * jitter of this machine (scheduling, sockets, the sandbox's event loop), not of any sender.
 */
export async function timerPacedControl(
  sandboxUrl: string,
  rate: number,
  seconds: number,
): Promise<{ configuredPerSecond: number; sent: number; maxPerSecond: number }> {
  await fetch(`${sandboxUrl}/sandbox/throughput`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ phoneNumberId: DEMO_PHONE_NUMBER_ID, messagesPerSecond: rate }),
  });
  const started = Date.now();
  const sends: Promise<unknown>[] = [];
  for (let i = 0; i < rate * seconds; i++) {
    const slot = started + (i * 1000) / rate;
    await sleep(slot - Date.now());
    if (Date.now() - slot > 50) continue;
    sends.push(
      fetch(`${sandboxUrl}/v21.0/${DEMO_PHONE_NUMBER_ID}/messages`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${DEMO_ACCESS_TOKEN}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({
          messaging_product: 'whatsapp',
          to: `62853${String(i).padStart(7, '0')}`,
          type: 'template',
          template: {
            name: 'order_update',
            language: { code: 'id' },
            components: [
              {
                type: 'body',
                parameters: [
                  { type: 'text', text: 'Budi' },
                  { type: 'text', text: `C-${i}` },
                ],
              },
            ],
          },
        }),
      }).then((r) => r.arrayBuffer()),
    );
  }
  await Promise.all(sends);
  const seen = await throughput(sandboxUrl);
  return { configuredPerSecond: rate, sent: sends.length, maxPerSecond: seen.maxPerSecond };
}
