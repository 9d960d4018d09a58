// The baseline: a bare Fastify process answering BARE_BODY as JSON on every GET /api/users/me.
// Run in its own process (like Sapa) so it never shares an event loop with autocannon.
import Fastify from 'fastify';

const port = Number(process.env.PORT ?? 0);
const body: unknown = JSON.parse(process.env.BARE_BODY ?? '{}');

const app = Fastify({ logger: false });
app.get('/api/users/me', async () => body);
app.get('/readyz', async () => ({ ok: true }));

await app.listen({ port, host: '127.0.0.1' });
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => void app.close().then(() => process.exit(0)));
}
