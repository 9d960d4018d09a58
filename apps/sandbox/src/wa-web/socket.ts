import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { WebSocketServer, type WebSocket } from 'ws';
import type { DeviceLink } from './model.js';
import { CLOSE_CODES, clientFrameSchema, type CloseName } from './protocol.js';
import type { WaWeb } from './service.js';

export const WA_SOCKET_PATH = '/wa/ws';
const HELLO_TIMEOUT_MS = 10_000;

/** Serves the session socket at /wa/ws on the sandbox's own HTTP server. */
export function attachWaSocket(app: FastifyInstance, wa: WaWeb): void {
  const wss = new WebSocketServer({ noServer: true, maxPayload: 32 * 1024 * 1024 });
  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const path = (request.url ?? '').split('?')[0];
    if (path !== WA_SOCKET_PATH) return;
    wss.handleUpgrade(request, socket, head, (ws) => serve(ws, wa));
  };
  app.server.on('upgrade', onUpgrade);
  app.addHook('preClose', async () => {
    app.server.off('upgrade', onUpgrade);
    wa.close();
    for (const ws of wss.clients) ws.terminate();
    await new Promise<void>((resolve) => wss.close(() => resolve()));
  });
}

function serve(ws: WebSocket, wa: WaWeb): void {
  let greeted = false;
  const link: DeviceLink = {
    send: (frame) => {
      if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(frame));
    },
    close: (reason: CloseName) => {
      if (ws.readyState === ws.OPEN || ws.readyState === ws.CONNECTING) {
        ws.close(CLOSE_CODES[reason], reason);
      }
    },
  };
  const helloTimer = setTimeout(() => link.close('timed_out'), HELLO_TIMEOUT_MS);
  ws.on('message', (data, isBinary) => {
    if (isBinary) return link.close('bad_session');
    let json: unknown;
    try {
      json = JSON.parse(String(data));
    } catch {
      return link.close('bad_session');
    }
    const parsed = clientFrameSchema.safeParse(json);
    // A frame the server cannot read ends the session, as WhatsApp's stream errors do.
    if (!parsed.success) return link.close('bad_session');
    if (!greeted) {
      if (parsed.data.t !== 'hello') return link.close('bad_session');
      greeted = true;
      clearTimeout(helloTimer);
      return wa.hello(link, parsed.data);
    }
    wa.frame(link, parsed.data);
  });
  ws.on('close', () => {
    clearTimeout(helloTimer);
    wa.closed(link);
  });
  ws.on('error', () => ws.terminate());
}
