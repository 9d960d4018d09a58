// `npm run bench -- [name...]`: runs the named benches (all by default), printing each one's
// JSON on its own line to stdout; progress goes to stderr.
import { runApiBench } from './api.js';
import { runApiSendsBench } from './api-sends.js';
import { runBillingBench } from './billing.js';
import { runBroadcastBench } from './broadcast.js';
import { runInboundBench } from './inbound.js';
import { runInboxBench } from './inbox.js';
import { runReportsBench } from './reports.js';
import { runRoutingBench } from './routing.js';
import { runSheetsBench } from './sheets.js';
import { runWebBench } from './web.js';
import { runWabasicBench } from './wabasic.js';
import { runWebhooksBench } from './webhooks.js';

const benches: Record<string, () => Promise<object>> = {
  api: runApiBench,
  'api-sends': runApiSendsBench,
  billing: runBillingBench,
  broadcast: runBroadcastBench,
  inbound: runInboundBench,
  inbox: runInboxBench,
  reports: runReportsBench,
  routing: runRoutingBench,
  sheets: runSheetsBench,
  wabasic: runWabasicBench,
  web: runWebBench,
  webhooks: runWebhooksBench,
};

async function main(): Promise<void> {
  const requested = process.argv.slice(2).filter((arg) => arg !== '--');
  const names = requested.length > 0 ? requested : Object.keys(benches);
  const unknown = names.filter((name) => !(name in benches));
  if (unknown.length > 0) {
    throw new Error(
      `unknown bench ${unknown.join(', ')}; known: ${Object.keys(benches).join(', ')}`,
    );
  }
  for (const name of names) {
    const bench = benches[name];
    if (!bench) continue;
    console.error(`bench ${name}`);
    console.log(JSON.stringify(await bench()));
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
