// Payment notifications under duplicates: 2,000 paid top-up orders, each of whose Midtrans
// notification arrives 50 times at once (100,000 signed POSTs to /webhooks/payments/midtrans),
// against the built server with its job workers and a local Midtrans stand-in answering the
// status API. Prints how fast notifications are answered and orders settle, and proves each order
// was credited exactly once. `bench/billing.ts` calls runNotificationBench(); run alone with
// `npx tsx bench/billing-notifications.ts`.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT } from '../scripts/lib/processes.mjs';
import { MidtransStub } from '../apps/server/src/test/midtrans-stub.js';
import { loginDemoAdmin, startSapaWithDb, type SapaWithDb } from './lib/server-with-db.js';
import { percentile, pool } from './lib/stats.js';

const ORDERS = Number(process.env.BENCH_NOTIFY_ORDERS ?? 2_000);
const COPIES = Number(process.env.BENCH_NOTIFY_COPIES ?? 50);
/** Orders whose 50 copies are in flight at the same time (so 4 × 50 = 200 requests). */
const ORDERS_IN_FLIGHT = Number(process.env.BENCH_NOTIFY_ORDERS_IN_FLIGHT ?? 4);
const SERVER_KEY = 'SB-Mid-server-bench';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function api<T>(base: string, token: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${base}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${path} answered ${res.status}: ${text}`);
  return JSON.parse(text) as T;
}

export async function runNotificationBench(): Promise<Record<string, number>> {
  if (!existsSync(join(ROOT, 'apps/server/dist/main.js')))
    throw new Error('apps/server/dist/main.js missing: run npm run build first');
  const stub = await new MidtransStub(SERVER_KEY).start();
  let sapa: SapaWithDb | null = null;
  try {
    sapa = await startSapaWithDb({
      name: 'notify',
      poolMax: 2,
      env: {
        PAYMENT_GATEWAY: 'midtrans',
        MIDTRANS_SERVER_KEY: SERVER_KEY,
        MIDTRANS_CLIENT_KEY: 'SB-Mid-client-bench',
        MIDTRANS_SNAP_URL: stub.url,
        MIDTRANS_API_URL: stub.url,
        ACCESS_TOKEN_TTL: '7200',
      },
    });
    const { db, url } = sapa;
    const token = await loginDemoAdmin(url);
    const start = await api<{ saldo: number }>(url, token, '/api/topup/last-saldo-history');

    // 2,000 top-ups placed and opened through the API, then paid on the (stand-in) Snap page.
    console.error(`billing-notifications: placing ${ORDERS} orders`);
    const orders: { id: string; amount: number }[] = new Array(ORDERS);
    await pool(ORDERS, 16, async (i) => {
      const amount = 100_000 + (i % 10) * 10_000;
      const order = await api<{ _id: string }>(url, token, '/api/order/create-order/topup', {
        amount,
      });
      await api(url, token, `/api/order/create-snap-token?orderId=${order._id}`);
      stub.pay(order._id, { transaction_status: 'settlement', bank: 'bca' });
      orders[i] = { id: order._id, amount };
    });
    const bodies = orders.map((o) => JSON.stringify(stub.notification(o.id)));

    console.error(`billing-notifications: ${ORDERS} × ${COPIES} notifications`);
    const latencies: number[] = [];
    let refused = 0;
    const t0 = Date.now();
    await pool(ORDERS, ORDERS_IN_FLIGHT, async (i) => {
      await Promise.all(
        Array.from({ length: COPIES }, async () => {
          const sent = performance.now();
          const res = await fetch(`${url}/webhooks/payments/midtrans`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: bodies[i],
          });
          await res.arrayBuffer();
          latencies.push(performance.now() - sent);
          if (res.status !== 200) refused++;
        }),
      );
    });
    const answeredMs = Date.now() - t0;

    let paid = 0;
    while (Date.now() - t0 < 10 * 60_000) {
      const { rows } = await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM orders WHERE status = 'paid' AND id = ANY($1)`,
        [orders.map((o) => o.id)],
      );
      paid = rows[0]?.n ?? 0;
      if (paid === ORDERS) break;
      await sleep(50);
    }
    const settledMs = Date.now() - t0;

    const { rows: credits } = await db.query<{ entries: number; orders: number; doubled: number }>(
      `SELECT count(*)::int AS entries, count(DISTINCT order_id)::int AS orders,
              (SELECT count(*)::int FROM (SELECT order_id FROM balance_ledger
                 WHERE kind = 'topup' AND order_id = ANY($1) GROUP BY order_id HAVING count(*) > 1) d) AS doubled
       FROM balance_ledger WHERE kind = 'topup' AND order_id = ANY($1)`,
      [orders.map((o) => o.id)],
    );
    const { rows: invoices } = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'invoice.issue' AND data->>'orderId' = ANY($1)`,
      [orders.map((o) => o.id)],
    );
    const end = await api<{ saldo: number }>(url, token, '/api/topup/last-saldo-history');
    const expected = start.saldo + orders.reduce((sum, o) => sum + o.amount, 0);
    const c = credits[0] ?? { entries: 0, orders: 0, doubled: 0 };
    const notifications = ORDERS * COPIES;
    return {
      orders: ORDERS,
      copiesPerOrder: COPIES,
      notifications,
      concurrentRequests: ORDERS_IN_FLIGHT * COPIES,
      notificationsAnsweredPerSecond: Math.round(notifications / (answeredMs / 1000)),
      notificationsHandledPerSecond: Math.round(notifications / (settledMs / 1000)),
      ordersSettledPerSecond: Math.round(ORDERS / (settledMs / 1000)),
      answerP50Ms: percentile(latencies, 50),
      answerP99Ms: percentile(latencies, 99),
      non200Answers: refused,
      statusApiCalls: stub.statusCalls(),
      ordersPaid: paid,
      topupEntries: c.entries,
      ordersCredited: c.orders,
      ordersCreditedTwice: c.doubled,
      invoiceJobs: invoices[0]?.n ?? 0,
      balanceExpected: expected,
      balanceActual: end.saldo,
      creditedExactlyOnce:
        c.entries === ORDERS && c.orders === ORDERS && c.doubled === 0 && end.saldo === expected
          ? 1
          : 0,
    };
  } finally {
    await sapa?.stop();
    await stub.stop();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runNotificationBench()
    .then((result) => console.log(JSON.stringify({ name: 'billing-notifications', ...result })))
    .catch((error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    });
}
